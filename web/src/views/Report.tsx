/**
 * The client report: the summary, the fan, the goals, the cash flow, the analyses and the
 * assumptions on one page laid out for print, with "Print" and "Download PDF" (made in the
 * browser from the same content, web/src/report/pdf.ts).
 */
import { ScrollRegion } from '../components/ScrollRegion.tsx';
import { useState } from 'preact/hooks';
import { api, type OutputDocument, type Scenario } from '../api.ts';
import { Chart } from '../charts/Chart.tsx';
import { fanChart, fanLegend } from '../charts/figures.ts';
import { useLoad } from '../components/useLoad.ts';
import { reportContent } from '../report/report-content.ts';
import { reportPdf } from '../report/pdf.ts';

export function Report({
  householdId,
  scenario,
  output,
  currency,
}: {
  householdId: string;
  scenario: Scenario;
  output: OutputDocument;
  currency: string;
}) {
  const analyses = useLoad(async () => {
    const list = await api.listAnalyses(householdId, scenario.id);
    // Only analyses of the plan as it is now: one made before its last change would report another plan.
    const done = list.content.filter((a) => a.status === 'COMPLETED' && a.createdAt >= scenario.updatedAt).slice(0, 4);
    return (await Promise.all(done.map((a) => api.getAnalysis(householdId, scenario.id, a.id)))).flatMap((a) =>
      a.analysis ? [a.analysis] : [],
    );
  }, [householdId, scenario.id, scenario.updatedAt]);
  const [busy, setBusy] = useState(false);
  const content = reportContent(scenario, output, currency, analyses.data ?? []);

  const downloadPdf = async () => {
    setBusy(true);
    try {
      const bytes = reportPdf(content);
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${scenario.name.replace(/[^A-Za-z0-9-]+/g, '-')}-report.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article class="report" aria-labelledby="report-title">
      <div class="actions no-print">
        <button type="button" onClick={downloadPdf} disabled={busy}>
          {busy ? 'Making the PDF…' : 'Download PDF'}
        </button>
        <button type="button" class="secondary" onClick={() => print()}>
          Print
        </button>
      </div>
      <h2 id="report-title">{content.title}</h2>
      <p class="muted">{content.subtitle}</p>
      <dl class="figures">
        {content.figures.map(([label, value]) => (
          <div>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>Net worth over time, in today’s money</h3>
      <Chart
        name="report-fan"
        label={`Net worth in today’s money by ${content.ageLabel.replace(/^Age/, 'age')}`}
        draw={(width) => fanChart(content.fan, width, content.ageLabel, currency)}
        deps={[output, currency]}
        legend={fanLegend}
      />
      {content.tables.map((t) => (
        <section class="report-table">
          <h3>{t.title}</h3>
          {t.note && <p class="muted">{t.note}</p>}
          <ScrollRegion>
            <table class="numbers">
              <thead>
                <tr>
                  {t.head.map((h) => (
                    <th scope="col">{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {t.rows.map((r) => (
                  <tr>{r.map((cell, i) => (i === 0 ? <th scope="row">{cell}</th> : <td>{cell}</td>))}</tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      ))}
    </article>
  );
}
