/**
 * The AWS Solutions checks (cdk-nag) find nothing that is not acknowledged with a written reason, in
 * the default configuration, with every option on and with tracing off; and the CDK itself reports
 * no warning or error.
 */
import { Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { synthesize } from './synthesize.js';

const ALL_OPTIONS = {
  domainName: 'api.example.com',
  certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/0f1e2d3c-aaaa-bbbb-cccc-123456789012',
  hostedZoneId: 'Z0123456789ABC',
  hostedZoneName: 'example.com',
  alarmEmail: 'operations@example.com',
  signingKeyGenerations: '1,2',
};

describe.each([
  ['default settings', {}],
  ['every option on', ALL_OPTIONS],
  ['tracing off', { tracing: 'false' }],
])('with %s', (_name, context) => {
  const synth = synthesize(context);

  it('cdk-nag reports no unacknowledged finding', () => {
    const report = new AwsSolutionsChecks(synth.app).validateScope(synth.app);
    const findings = report.violations.map(
      (v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath ?? r.resourceLogicalId).join(', ')}`,
    );
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('the CDK reports no warning or error annotation', () => {
    // The stateless stack's annotations include those of its nested stacks (they have no artifact of their own).
    for (const stack of [synth.stateful, synth.stateless]) {
      const annotations = Annotations.fromStack(stack);
      expect(annotations.findError('*', Match.anyValue())).toEqual([]);
      expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
    }
  });

  it('every acknowledged rule carries a written reason', () => {
    const acknowledgements = synth.app.node
      .findAll()
      .flatMap((c) => c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY))
      .flatMap((m) => Object.entries(m.data as Record<string, string>));
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledgements) {
      expect(id).toMatch(/AwsSolutions-[A-Z]+\d+/);
      expect(reason.length, id).toBeGreaterThan(40);
    }
  });
});
