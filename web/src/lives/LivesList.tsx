/**
 * The matching lives, a page at a time, in the run's order: each a card with its outcome, its estate
 * at the end, the main client's age at its first shortfall and what happened on it, and a button
 * that opens it. Cards rather than a table, so a phone shows every figure without scrolling sideways.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ScenarioDocument } from '../api.ts';
import { describeApiError } from '../components/api-errors.ts';
import { count, money } from '../format.ts';
import { mainMember, memberName } from '../names.ts';
import { say } from '../words.ts';
import { type Condition, type LifeSummary, type LivesPage, livesApi, type SimulationAddress } from './lives-api.ts';

/** Lives a page shows. */
const PAGE_SIZE = 20;
/** What a row says happened: the risks that struck, not the plan's own milestones (retiring, goals met). */
const NOTABLE = new Set([
  'LONG_TERM_CARE',
  'DISABILITY',
  'JOB_LOSS',
  'DEATH',
  'GOAL_MISSED',
  'DEPLETION',
  'INSURANCE_PAYOUT',
  'PROPERTY_SOLD',
]);
const SHOWN_EVENTS = 4;

export interface LivesListProps {
  address: SimulationAddress;
  where: Condition | undefined;
  scenario: ScenarioDocument;
  currency: string;
  /** Lives in the run: a life is numbered from 1 of them. */
  lives: number;
  onOpen: (index: number) => void;
}

/** A life's notable events in words ("Long-term care of Alex at 84"), the first shortfall only, at most a few. */
export function happenings(life: LifeSummary, scenario: ScenarioDocument): string {
  const birth = new Map((scenario.members ?? []).map((m) => [m.id, m.birthYear]));
  const notable = life.events.filter(
    (e, i) => NOTABLE.has(e.type) && (e.type !== 'DEPLETION' || life.events.findIndex((f) => f.type === 'DEPLETION') === i),
  );
  const words = notable.slice(0, SHOWN_EVENTS).map((e) => {
    const born = e.memberId ? birth.get(e.memberId) : undefined;
    const who = e.memberId ? ` of ${memberName(scenario, e.memberId)}` : '';
    return `${say(e.type)}${who}${born !== undefined ? ` at ${e.calendarYear - born}` : ` in ${e.calendarYear}`}`;
  });
  if (notable.length > SHOWN_EVENTS) words.push(`and ${notable.length - SHOWN_EVENTS} more`);
  return words.length ? words.join('; ') : 'Nothing out of the ordinary';
}

export function LivesList({ address, where, scenario, currency, lives, onOpen }: LivesListProps) {
  const [page, setPage] = useState(0);
  const [data, setData] = useState<LivesPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setError(null);
    livesApi.list(address, page, PAGE_SIZE, where).then(
      (p) => live && setData(p),
      (e: unknown) => live && (setData(null), setError(describeApiError(e))),
    );
    return () => {
      live = false;
    };
  }, [address.simulationId, page, JSON.stringify(where)]);

  const total = data?.page.totalElements ?? 0;
  const pages = data?.page.totalPages ?? 0;
  return (
    <section aria-labelledby="lives-list-title" class="lives-list">
      <h2 id="lives-list-title">The matching lives, one by one</h2>
      {error && (
        <p role="alert" class="field-error">
          The lives could not be listed: {error}
        </p>
      )}
      {!data && !error && <p aria-busy="true">Replaying the lives…</p>}
      {data && total === 0 && <p>No life matches.</p>}
      {data && total > 0 && (
        <>
          <p class="muted" aria-live="polite">
            {`Lives ${count(page * PAGE_SIZE + 1)} to ${count(page * PAGE_SIZE + data.content.length)} of the ${count(total)} that match, `}
            in the order they were simulated. Amounts are in today’s money; a first shortfall is the age of {mainMember(scenario).name} in
            the first year essential spending was not fully met.
          </p>
          <ol class="lives-cards" data-list="lives">
            {data.content.map((life) => (
              <li class="card" data-life={life.index}>
                <h3>
                  <button type="button" class="link" onClick={() => onOpen(life.index)}>
                    Life {count(life.index + 1)}
                    <span class="visually-hidden"> of {count(lives)}: open it</span>
                  </button>
                </h3>
                <span class={life.outcome === 'SUCCEEDED' ? 'outcome succeeded' : 'outcome failed'}>
                  {life.outcome === 'SUCCEEDED' ? 'Succeeded' : 'Did not succeed'}
                </span>
                <dl>
                  <div>
                    <dt>Estate at the end</dt>
                    <dd>{money(life.terminalEstate, currency)}</dd>
                  </div>
                  <div>
                    <dt>First shortfall</dt>
                    <dd>{life.depletionAge === null ? 'never' : `at ${life.depletionAge}`}</dd>
                  </div>
                </dl>
                <p class="lives-happened">{happenings(life, scenario)}</p>
              </li>
            ))}
          </ol>
          {pages > 1 && (
            <nav class="pager" aria-label="Pages of lives">
              <button type="button" class="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>
                Page {count(page + 1)} of {count(pages)}
              </span>
              <button type="button" class="secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
