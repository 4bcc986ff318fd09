/** `admin usage`: a realm's usage report (GET /usage's document) as a table for a terminal. */
import type { UsageReport } from '../shared/domain/usage/usage-report.js';
import { table } from './output-table.js';

const number = (value: number) => value.toLocaleString('en-US');

export function usageTable(report: UsageReport, title: string): string {
  const used = report.periods.filter((p) => p.apiRequests > 0 || p.runs > 0);
  const row = (label: string, c: UsageReport['total']) =>
    [label, c.apiRequests, c.simulations, c.comparisons, c.analyses, c.paths, c.billedPathYears, c.computeMs].map((v) =>
      typeof v === 'number' ? number(v) : v,
    );
  const lines = [title, ''];
  if (used.length === 0) lines.push('No usage.');
  else {
    lines.push(
      table([
        ['day', 'API requests', 'simulations', 'comparisons', 'analyses', 'paths', 'path-years', 'compute ms'],
        ...used.map((p) => row(p.period, p)),
        row('total', report.total),
      ]),
    );
  }
  const { quota } = report;
  const admitted = number(quota.admittedPathYears);
  const share = quota.monthlyPathYears ? ` (${((100 * quota.admittedPathYears) / quota.monthlyPathYears).toFixed(1)}%)` : '';
  lines.push(
    '',
    quota.monthlyPathYears === null
      ? `Quota: none. Path-years admitted in ${quota.month}: ${admitted}`
      : `Quota: ${number(quota.monthlyPathYears)} path-years a month. Admitted in ${quota.month}: ${admitted}${share}`,
  );
  return `${lines.join('\n')}\n`;
}
