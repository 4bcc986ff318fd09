/**
 * One life as a page of lives lists it, as a type alone (no runtime import), so the web app can
 * name it as it names the output document's types.
 */
import type { LifeEvent } from '../output/output-document.js';

export interface LifeSummary {
  index: number;
  outcome: 'SUCCEEDED' | 'FAILED';
  depleted: boolean;
  depletionYear: number | null;
  /** The primary member's age in the year of depletion. */
  depletionAge: number | null;
  terminalEstate: number;
  totalShortfall: number;
  /** Years the household ran: through the year the last adult died, or to the horizon. */
  yearsRun: number;
  events: LifeEvent[];
}
