/** Deployment settings: bad context values stop the synth with the name of the setting. */
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { readDeploymentConfig } from '../../infra/cdk/config.js';

function read(context: Record<string, unknown>) {
  return readDeploymentConfig(new App({ context }).node);
}

describe('deployment settings', () => {
  it('defaults: no custom domain, no alarm topic, one signing key generation', () => {
    const config = read({});
    expect(config).toMatchObject({
      appName: 'HouseholdScenarios',
      logLevel: 'info',
      throttle: { rateLimit: 100, burstLimit: 200 },
      workerMaxConcurrency: 20,
      logRetentionDays: 30,
      signingKeyGenerations: ['1'],
      tracing: true,
    });
    expect(config.customDomain).toBeUndefined();
    expect(config.alarmEmail).toBeUndefined();
  });

  it('reads command-line strings: numbers and comma-separated lists', () => {
    const config = read({ workerMaxConcurrency: '50', signingKeyGenerations: '2024-01, 2025-06', apiRateLimit: '5', apiBurstLimit: '10' });
    expect(config.workerMaxConcurrency).toBe(50);
    expect(config.signingKeyGenerations).toEqual(['2024-01', '2025-06']);
    expect(config.throttle).toEqual({ rateLimit: 5, burstLimit: 10 });
    expect(read({ tracing: 'false' }).tracing).toBe(false);
    expect(read({ tracing: false }).tracing).toBe(false);
    expect(read({ tracing: 'true' }).tracing).toBe(true);
  });

  it.each([
    [{ domainName: 'api.example.com' }, /domainName and certificateArn/],
    [{ certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x' }, /domainName and certificateArn/],
    [{ domainName: 'API.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x' }, /context domainName/],
    [{ domainName: 'api.example.com', certificateArn: 'not-an-arn' }, /context certificateArn/],
    [{ hostedZoneId: 'Z123', hostedZoneName: 'example.com' }, /hostedZoneId: needs domainName/],
    [{ workerMaxConcurrency: '1' }, /context workerMaxConcurrency/],
    [{ workerMaxConcurrency: 'many' }, /context workerMaxConcurrency/],
    [{ logRetentionDays: 8 }, /context logRetentionDays: one of 1, 3, 5/],
    [{ logLevel: 'verbose' }, /context logLevel/],
    [{ tracing: 'off' }, /context tracing/],
    [{ alarmEmail: 'not-an-address' }, /context alarmEmail/],
    [{ signingKeyGenerations: '1,1' }, /signingKeyGenerations: generations must be distinct/],
    [{ signingKeyGenerations: 'a b' }, /context signingKeyGenerations/],
    [{ apiRateLimit: 100, apiBurstLimit: 10 }, /apiBurstLimit: must be at least apiRateLimit/],
    [{ signingKeyGenerations: '1,2', withdrawnSigningKeyGenerations: '2' }, /withdrawnSigningKeyGenerations: 2 must be a generation/],
    [{ signingKeyGenerations: '1,2', withdrawnSigningKeyGenerations: '3' }, /withdrawnSigningKeyGenerations: 3 must be a generation/],
  ])('%j is refused', (context, message) => {
    expect(() => read(context)).toThrow(message);
  });
});
