import { readUsage, usageQuerySchema, usageReportSchema } from '../../shared/domain/usage/usage-report.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: "The realm's usage, per day or per month",
    description:
      'API requests, completed runs, paths, path-years and compute milliseconds of the caller’s realm from `from` to `to` ' +
      '(inclusive, UTC, at most 366 days), per `DAY` or per `MONTH`, with the monthly path-year quota. ' +
      'For service accounts with the `usage-reader` or `realm-admin` role.',
    tags: ['usage'],
    query: usageQuerySchema,
    responses: { 200: { description: 'The usage', schema: usageReportSchema } },
  },
  async ({ principal, query, counted }) => {
    await counted; // the report includes the request that reads it
    return ok(await readUsage(principal, query));
  },
);
