/**
 * `--format table`: a readable summary of an output or comparison document for a terminal:
 * success, depletion, goals, and the percentiles of real net worth at a few ages of the first
 * member.
 */
type Json = Record<string, any>;

const percent = (p: number | null | undefined) => (p === null || p === undefined ? '-' : `${(100 * p).toFixed(1)}%`);
const money = (v: number | undefined) => (v === undefined ? '-' : Math.round(v).toLocaleString('en-US'));

/** Rows of cells in aligned columns: the first left-aligned, the others right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')).join('\n');
}

/** The ages shown: every ten years from the first member's first round decade in the horizon. */
function agesOf(timeSeries: Json[], member: string): number[] {
  const ages = timeSeries.map((t) => t.ages?.[member]).filter((a): a is number => typeof a === 'number');
  if (ages.length === 0) return [];
  const from = Math.ceil(ages[0] / 10) * 10;
  const out: number[] = [];
  for (let age = from; age <= ages[ages.length - 1]; age += 10) out.push(age);
  return out.slice(0, 6);
}

export function outputTable(output: Json): string {
  const s = output.summary;
  const lines = [
    `Success ${percent(s.probabilityOfSuccess)}   depletion ${percent(s.probabilityOfDepletion)}   ` +
      `median depletion age ${s.depletionAge?.p50 ?? '-'}   (${output.metadata.paths} paths, seed ${output.metadata.seed})`,
    '',
    table([
      ['goal', 'achievability', 'funded'],
      ...s.goals.map((g: Json) => [g.goalId, percent(g.achievability), percent(g.expectedFundedRatio)]),
    ]),
  ];
  const member = Object.keys(output.timeSeries[0]?.ages ?? {})[0];
  const ages = member ? agesOf(output.timeSeries, member) : [];
  if (ages.length > 0) {
    const rows = ages.map((age) => {
      const year = output.timeSeries.find((t: Json) => t.ages[member] === age);
      const nw = year.netWorth.real;
      return [`${age}`, money(nw.p10), money(nw.p25), money(nw.p50), money(nw.p75), money(nw.p90)];
    });
    lines.push('', `Net worth in today's money at ${member}'s age`, table([['age', 'p10', 'p25', 'p50', 'p75', 'p90'], ...rows]));
  }
  return `${lines.join('\n')}\n`;
}

export function comparisonTable(comparison: Json): string {
  const rows = comparison.summary.map((f: Json) => [
    f.figure,
    typeof f.baseline === 'number' && f.figure.startsWith('probability') ? percent(f.baseline) : money(f.baseline),
    typeof f.alternative === 'number' && f.figure.startsWith('probability') ? percent(f.alternative) : money(f.alternative),
    f.difference === null ? '-' : f.figure.startsWith('probability') ? percent(f.difference) : money(f.difference),
    f.interval95
      ? f.figure.startsWith('probability')
        ? `${percent(f.interval95[0])} .. ${percent(f.interval95[1])}`
        : `${money(f.interval95[0])} .. ${money(f.interval95[1])}`
      : '-',
  ]);
  const goals = comparison.goals.map((g: Json) => {
    const a = g.achievability;
    return [
      g.goalId,
      percent(a.baseline),
      percent(a.alternative),
      percent(a.difference),
      a.interval95 ? `${percent(a.interval95[0])} .. ${percent(a.interval95[1])}` : '-',
    ];
  });
  const o = comparison.outcomeChanges;
  const figures = table([['figure', 'baseline', 'alternative', 'difference', '95% interval'], ...rows]);
  const goalTable = table([['goal achievability', 'baseline', 'alternative', 'difference', '95% interval'], ...goals]);
  const changed =
    `Paths that changed outcome: ${o.failedToSucceeded} failed -> succeeded, ` +
    `${o.succeededToFailed} succeeded -> failed (net ${o.net})`;
  return `${figures}\n\n${goalTable}\n\n${changed}\n`;
}
