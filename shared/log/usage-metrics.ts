/**
 * Per-realm usage metrics as CloudWatch embedded-metric-format (EMF) log lines, through Powertools
 * Metrics: CloudWatch turns each line a Lambda prints into metric data points, with no API call.
 * Namespace `HouseholdScenarios`, dimensions `service` and `realm` (docs/DEPLOY.md lists the names).
 *
 * They are printed in a Lambda (where CloudWatch reads them), and elsewhere only when
 * `POWERTOOLS_METRICS_DISABLED=false` asks for them: the local runtime and the tests keep quiet.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

export const metricsNamespace = 'HouseholdScenarios';
export const metricsService = 'household-scenarios';

export type UsageMetric = 'ApiRequests' | 'Runs' | 'Paths' | 'PathYears' | 'ComputeMs' | 'QuotaRefusals';

const units: Record<UsageMetric, (typeof MetricUnit)[keyof typeof MetricUnit]> = {
  ApiRequests: MetricUnit.Count,
  Runs: MetricUnit.Count,
  Paths: MetricUnit.Count,
  PathYears: MetricUnit.Count,
  ComputeMs: MetricUnit.Milliseconds,
  QuotaRefusals: MetricUnit.Count,
};

function enabled(): boolean {
  const setting = process.env.POWERTOOLS_METRICS_DISABLED;
  if (setting !== undefined) return setting === 'false';
  return process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined;
}

let metrics: Metrics | undefined;

/** Prints one EMF line holding `values` for the realm. */
export function publishRealmMetrics(realmId: string, values: Partial<Record<UsageMetric, number>>): void {
  if (!enabled()) return;
  metrics ??= new Metrics({ namespace: metricsNamespace, serviceName: metricsService });
  metrics.addDimension('realm', realmId);
  for (const [name, value] of Object.entries(values)) metrics.addMetric(name, units[name as UsageMetric], value);
  metrics.publishStoredMetrics();
}
