/** The output routes' CSV representation: the time series, for `Accept: text/csv`. */
import { csvMediaType, timeSeriesCsv, wantsCsv } from '../../shared/domain/runs/output-csv.js';
import type { OutputQuery } from '../../shared/domain/runs/output-view.js';
import type { Reply } from '../../shared/http/reply.js';
import type { ApiEvent } from '../../shared/http/request.js';
import { header } from '../../shared/http/request.js';
import { outputExamples } from '../api-examples.js';

export const csvAlternative = {
  [csvMediaType]: timeSeriesCsv((outputExamples.excerpt.value as { timeSeries: unknown[] }).timeSeries.slice(0, 1)),
};

export const csvDescription =
  ' With `Accept: text/csv`, the time series as CSV: one row per year and metric (and view), with its percentiles and mean, or its value.';

/** The query to read with: CSV needs only the time series. */
export const queryFor = (event: ApiEvent, query: OutputQuery): OutputQuery =>
  wantsCsv(header(event, 'accept')) ? { ...query, sections: ['timeSeries'] } : query;

export function outputReply(event: ApiEvent, output: { timeSeries?: unknown[] }, etag: string, name: string): Reply {
  // Two representations of one output: each has its own ETag, and caches key them on Accept.
  if (!wantsCsv(header(event, 'accept'))) return { status: 200, body: output, headers: { ETag: etag, Vary: 'Accept' } };
  return {
    status: 200,
    headers: { ETag: etag.replace(/"$/, '-csv"'), Vary: 'Accept', 'Content-Disposition': `attachment; filename="${name}.csv"` },
    text: { contentType: `${csvMediaType};charset=UTF-8`, body: timeSeriesCsv(output.timeSeries ?? []) },
  };
}
