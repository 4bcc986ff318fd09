/** The output's yearly figures as CSV (one row a year, each series' percentiles in both views), saved by the browser. */
import type { OutputDocument } from './api.ts';

const series = ['netWorth', 'liquidAssets', 'income', 'spending', 'shortfall', 'taxes'] as const;
const levels = ['p5', 'p10', 'p25', 'p50', 'p75', 'p90', 'p95', 'mean'] as const;

export function outputCsv(output: OutputDocument): string {
  const memberIds = Object.keys(output.timeSeries[0]?.ages ?? {});
  const header = ['year', 'calendarYear', ...memberIds.map((m) => `age.${m}`), 'paths', 'depleted'];
  for (const s of series) for (const view of ['real', 'nominal'] as const) for (const l of levels) header.push(`${s}.${view}.${l}`);
  const lines = [header.join(',')];
  for (const t of output.timeSeries) {
    const row: (string | number)[] = [t.year, t.calendarYear, ...memberIds.map((m) => t.ages[m]), t.paths, t.depleted];
    for (const s of series) for (const view of ['real', 'nominal'] as const) for (const l of levels) row.push(t[s][view][l] ?? '');
    lines.push(row.join(','));
  }
  return `${lines.join('\n')}\n`;
}

export function download(filename: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
