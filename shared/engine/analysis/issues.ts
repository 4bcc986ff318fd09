/** A problem of an analysis request against its plan, naming the request field (the API answers 400 with it). */
export interface AnalysisIssue {
  field: string;
  message: string;
}

/** Thrown by the engine for a request that fails its checks; the domain checks first and answers 400. */
export class AnalysisRequestError extends RangeError {
  constructor(readonly issues: AnalysisIssue[]) {
    super(issues.map((i) => `${i.field}: ${i.message}`).join('; '));
  }
}
