/**
 * One life of the run, whole, as the API replays it: its outcome and estate, its net worth with
 * its events, the events in words, and its cash flow year by year (the results' own chart,
 * timeline and cash-flow table).
 */
import { useEffect, useRef } from 'preact/hooks';
import type { OutputDocument, ScenarioDocument } from '../api.ts';
import { Chart } from '../charts/Chart.tsx';
import { lifeChart } from '../charts/figures.ts';
import { eventLegend, LifeTimeline } from '../components/LifeTimeline.tsx';
import { useLoad } from '../components/useLoad.ts';
import { count, money } from '../format.ts';
import { describeEvent } from '../names.ts';
import { CashFlowRowsTable, lifeCashFlowRows } from '../views/CashFlow.tsx';
import { livesApi, type SimulationAddress } from './lives-api.ts';

export interface LifeDetailProps {
  address: SimulationAddress;
  index: number;
  lives: number;
  scenario: ScenarioDocument;
  currency: string;
  main: { id: string; name: string };
  onBack: () => void;
}

export function LifeDetail({ address, index, lives, scenario, currency, main, onBack }: LifeDetailProps) {
  const life = useLoad(() => livesApi.life(address, index), [address.simulationId, index]);
  const heading = useRef<HTMLHeadingElement>(null);
  // The life replaces the list: focus moves to its heading, so a screen reader hears where it is.
  useEffect(() => heading.current?.focus(), [index]);
  const name = `Life ${count(index + 1)} of ${count(lives)}`;
  const l = life.data;
  const shortfall = l?.depletionYear != null ? l.years[l.depletionYear]?.ages[main.id] : null;
  return (
    <section aria-labelledby="life-title" class="life-detail" data-open-life={index}>
      <h2 id="life-title" ref={heading} tabIndex={-1}>
        {name}
        {l ? `: ${l.success ? 'the plan succeeded' : 'the plan did not succeed'}` : ''}
      </h2>
      <button type="button" class="secondary" onClick={onBack}>
        Back to the matching lives
      </button>
      {life.error && (
        <p role="alert" class="field-error">
          The life could not be read: {life.error.message}
        </p>
      )}
      {!l && !life.error && <p aria-busy="true">Replaying the life…</p>}
      {l && (
        <>
          <dl class="figures">
            <div>
              <dt>Estate at the end</dt>
              <dd data-figure="life-estate">{money(l.terminalEstate, currency)}</dd>
              <dd class="definition">Net worth when the last adult dies, in today’s money.</dd>
            </div>
            <div>
              <dt>First shortfall</dt>
              <dd data-figure="life-shortfall">{l.depletionYear === null ? 'never' : `at ${shortfall ?? '–'}`}</dd>
              <dd class="definition">Age of {main.name} in the first year essential spending was not fully met.</dd>
            </div>
            <div>
              <dt>Years of the plan</dt>
              <dd data-figure="life-years">{l.years.length}</dd>
              <dd class="definition">Until the last adult died, or the end of the horizon.</dd>
            </div>
          </dl>
          <Chart
            name="lives-life"
            label={`Net worth (today’s money) in ${name}, with its events`}
            draw={(width) =>
              lifeChart(
                { ...l, label: '' } as OutputDocument['lives'][number],
                width,
                main.id,
                `Age of ${main.name}`,
                'real',
                currency,
                (e) => describeEvent(scenario, e, currency),
              )
            }
            deps={[l, main.id, scenario]}
            legend={eventLegend(l.events)}
          />
          <h3>What happened</h3>
          {l.events.length ? (
            <LifeTimeline events={l.events} scenario={scenario} currency={currency} />
          ) : (
            <p>Nothing out of the ordinary.</p>
          )}
          <h3>Cash flow, year by year</h3>
          <CashFlowRowsTable
            rows={lifeCashFlowRows(l.years)}
            scenario={scenario}
            currency={currency}
            single
            caption={`${name}, in today’s money (${currency})`}
          />
        </>
      )}
    </section>
  );
}
