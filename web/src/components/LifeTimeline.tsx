/** A life's events as a timeline in words, each marked with its kind's fixed colour, and the legend of its chart. */
import type { OutputDocument, ScenarioDocument } from '../api.ts';
import { eventColours } from '../charts/figures.ts';
import { describeEvent } from '../names.ts';
import { say } from '../words.ts';

type LifeEvent = OutputDocument['lives'][number]['events'][number];

const colour = (type: string) => eventColours[type] ?? '#515a65';

/** The legend of a life's chart: one entry per kind of event it shows. */
export const eventLegend = (events: LifeEvent[]) =>
  [...new Set(events.map((e) => e.type))].map((t) => ({ colour: colour(t), label: say(t) }));

export function LifeTimeline({ events, scenario, currency }: { events: LifeEvent[]; scenario: ScenarioDocument; currency: string }) {
  return (
    <ol class="timeline" aria-label="Events of this life">
      {events.map((e) => (
        <li style={{ '--event-colour': colour(e.type) }}>
          <time>{e.calendarYear}</time> <span class="event">{describeEvent(scenario, e, currency)}</span>
        </li>
      ))}
    </ol>
  );
}
