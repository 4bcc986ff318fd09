/**
 * AWS X-Ray tracing through Powertools for AWS Lambda's Tracer (over the X-Ray SDK): one tracer per
 * process, which gives every AWS SDK client's calls a subsegment of their own (service, operation,
 * table or queue, retries, errors) and lets the handlers annotate their work.
 *
 * Tracing is on only where Lambda runs the code: the Tracer turns itself off when
 * `AWS_EXECUTION_ENV` is unset (the local runtime, the tests, the CLI) or
 * `POWERTOOLS_TRACE_ENABLED=false`, and then wraps no client, annotates nothing, sends nothing and
 * prints nothing, so nothing outside Lambda needs an X-Ray daemon.
 *
 * Only what is safe to read goes into a trace: ids (realm, run, shard), the route and the status as
 * annotations; never a request's or a response's body, headers or token (see `captureResponse` in
 * shared/http/stack.ts).
 */
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({
  serviceName: 'household-scenarios',
  // The SDK clients are traced one by one; patching Node's http, https and fetch as well would
  // give every SDK call a second, anonymous subsegment for its HTTPS request.
  captureHTTPsRequests: false,
});

/** An SDK client whose calls are traced (the client itself, unchanged, where tracing is off). */
export function tracedClient<Client>(client: Client): Client {
  return tracer.captureAWSv3Client(client);
}

/**
 * The invocation's X-Ray trace id as a log field, so that a log line leads to its trace and a trace to
 * its lines (CloudWatch Logs Insights: `filter traceId = "1-..."`); nothing where tracing is off.
 */
export function traceLogFields(): { traceId?: string } {
  const traceId = tracer.isTracingEnabled() ? tracer.getRootXrayTraceId() : undefined;
  return traceId ? { traceId } : {};
}

/**
 * Indexed, searchable values on the current subsegment (X-Ray's filter expressions:
 * `annotation.realm = "..."`). Keys are letters, digits and underscores; only strings, numbers and
 * booleans are kept (X-Ray indexes nothing else), so a log context's fields can be passed as they are.
 */
export function annotate(fields: Record<string, unknown>): void {
  if (!tracer.isTracingEnabled()) return;
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') tracer.putAnnotation(key, value);
  }
}

/**
 * Flags the current subsegment by the status a request ended with, as X-Ray reads them: a 5xx is a
 * fault (with its error as the cause), a 429 a throttle, any other 4xx an error of the caller's.
 */
export function flagStatus(status: number, error?: Error): void {
  if (!tracer.isTracingEnabled() || status < 400) return;
  const segment = tracer.getSegment();
  if (!segment) return;
  if (status >= 500) {
    if (error) segment.addError(error);
    else segment.addFaultFlag();
    return;
  }
  segment.addErrorFlag();
  if (status === 429) segment.addThrottleFlag();
}

/**
 * Runs `work` in a subsegment of its own named `name`, the current one while it runs, so the SDK
 * calls it makes and the annotations it puts are grouped under it (e.g. one SQS record of a batch).
 */
export async function inSubsegment<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!tracer.isTracingEnabled()) return work();
  const parent = tracer.getSegment();
  const subsegment = parent?.addNewSubsegment(name);
  if (!parent || !subsegment) return work();
  tracer.setSegment(subsegment);
  try {
    return await work();
  } catch (error) {
    subsegment.addError(error as Error);
    throw error;
  } finally {
    subsegment.close();
    tracer.setSegment(parent);
  }
}
