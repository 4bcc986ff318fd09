/**
 * X-Ray on the synthesized functions: by default every one has active tracing and its role the two
 * X-Ray write actions (on `*`, the only form X-Ray has); with the `tracing` setting off, none has
 * either, no role can write to X-Ray, and each function's Tracer is told so.
 */
import { describe, expect, it } from 'vitest';
import { actionsOf, resourcesOfType, synthesize, type Synthesized } from './synthesize.js';

const TRACE_ACTIONS = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

/** Each function's properties, with the statements of the policies attached to its role (in its own stack's template). */
function functionsWithStatements(synth: Synthesized) {
  return synth.statelessTemplates.flatMap((template) => {
    const policies = Object.values(resourcesOfType(template, 'AWS::IAM::Policy'));
    return Object.entries(resourcesOfType(template, 'AWS::Lambda::Function')).map(([id, fn]) => {
      const roleId = fn.Properties!.Role['Fn::GetAtt'][0] as string;
      const statements = policies
        .filter((p) => (p.Properties!.Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
        .flatMap((p) => p.Properties!.PolicyDocument.Statement as Statement[]);
      return { id, properties: fn.Properties!, statements };
    });
  });
}

describe('tracing', () => {
  it('every function has active tracing and may write its segments to X-Ray', () => {
    const functions = functionsWithStatements(synthesize());
    expect(functions.length).toBeGreaterThan(40);
    for (const { id, properties, statements } of functions) {
      expect(properties.TracingConfig, id).toEqual({ Mode: 'Active' });
      expect(properties.Environment.Variables.POWERTOOLS_TRACE_ENABLED, id).toBeUndefined();
      const xray = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('xray:')));
      expect(
        xray.map((s) => [[...actionsOf(s)].sort(), s.Resource]),
        id,
      ).toEqual([[TRACE_ACTIONS, '*']]);
    }
  });

  it('with `tracing` off, no function is traced, none may write to X-Ray, and the Tracer is off', () => {
    const functions = functionsWithStatements(synthesize({ tracing: 'false' }));
    expect(functions.length).toBeGreaterThan(40);
    for (const { id, properties, statements } of functions) {
      expect(properties.TracingConfig, id).toBeUndefined();
      expect(properties.Environment.Variables.POWERTOOLS_TRACE_ENABLED, id).toBe('false');
      expect(
        statements.flatMap(actionsOf).filter((a) => a.startsWith('xray:')),
        id,
      ).toEqual([]);
      expect(
        statements.filter((s) => s.Resource === '*'),
        id,
      ).toEqual([]);
    }
  });
});
