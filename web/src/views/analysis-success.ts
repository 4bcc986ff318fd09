/** The plan's own chance of success in an analysis document, whatever the analysis: its base, before any change. */
import type { AnalysisDocument } from '../api.ts';

export function baseSuccess(doc: AnalysisDocument): number | undefined {
  return doc.sensitivity?.base.success ?? doc.stress?.base.success ?? doc.diagnose?.probability.value ?? doc.solve?.probability.value;
}
