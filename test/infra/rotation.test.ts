/**
 * The signing key rotation of docs/DEPLOY.md, walked step by step as `cdk deploy --all` applies it:
 * the stateful stack first, then the stateless one. At each step CloudFormation refuses to remove
 * an export that a deployed stack still imports, and every import must find its export. The walk
 * tracks what is deployed and checks both; it also shows that the two-step procedure this replaces
 * (dropping the old generation at once) is refused.
 */
import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { synthesize as synthesizeApp, type Synthesized } from './synthesize.js';

const synthesized = new Map<string, Synthesized>();
/** Each step's app once (several tests walk the same steps). */
function synthesize(context: Record<string, string>): Synthesized {
  const key = JSON.stringify(context);
  if (!synthesized.has(key)) synthesized.set(key, synthesizeApp(context));
  return synthesized.get(key)!;
}

interface Step {
  context: Record<string, string>;
  /** Generations whose keys the functions publish, the signer first. */
  published: string[];
}

/** The documented procedure from generation 1 to generation 2. */
const rotation: Step[] = [
  { context: { signingKeyGenerations: '1' }, published: ['1'] },
  { context: { signingKeyGenerations: '1,2' }, published: ['2', '1'] },
  { context: { signingKeyGenerations: '1,2', withdrawnSigningKeyGenerations: '1' }, published: ['2'] },
  { context: { signingKeyGenerations: '2' }, published: ['2'] },
];

function exportsOf(template: Template): Set<string> {
  const outputs = template.toJSON().Outputs as Record<string, { Export?: { Name: string } }>;
  return new Set(Object.values(outputs ?? {}).flatMap((output) => (output.Export ? [output.Export.Name] : [])));
}

/** The exports the templates import (the stateless stack's and its nested stacks', deployed together). */
function importsOf(templates: readonly Template[]): Set<string> {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Fn::ImportValue' && typeof value === 'string') names.add(value);
        else walk(value);
      }
    }
  };
  for (const template of templates) walk(template.toJSON().Resources);
  return names;
}

/** The problems `cdk deploy --all` would meet going from one synthesized app to the next, in its order. */
function deployProblems(steps: Step[]): string[] {
  const problems: string[] = [];
  let deployedImports = new Set<string>();
  let deployedExports = new Set<string>();
  steps.forEach((step, index) => {
    const { statefulTemplate, statelessTemplates } = synthesize(step.context);
    const exports = exportsOf(statefulTemplate);
    for (const name of deployedExports) {
      if (!exports.has(name) && deployedImports.has(name))
        problems.push(`step ${index + 1}: the stateful stack removes export ${name}, still imported`);
    }
    deployedExports = exports;
    const imports = importsOf(statelessTemplates);
    for (const name of imports) {
      if (!exports.has(name)) problems.push(`step ${index + 1}: the stateless stack imports ${name}, which is not exported`);
    }
    deployedImports = imports;
  });
  return problems;
}

describe('signing key rotation', () => {
  it('deploys at every step: no export is removed while imported, every import is exported', () => {
    expect(deployProblems(rotation)).toEqual([]);
  });

  it('publishes the signer first, then the retired key until it is withdrawn, and never replaces a key', () => {
    const keyIds = new Map<string, string>();
    for (const step of rotation) {
      const { stateful, stateless, statelessTemplates, statefulTemplate } = synthesize(step.context);
      const keyOf = (generation: string) => {
        const key = [stateful.signingKey, ...stateful.retiredSigningKeys].find((k) => k.node.id === `SigningKey${generation}`);
        expect(key, `generation ${generation} published`).toBeDefined();
        return stateless.resolve(key!.keyArn);
      };
      expect(stateful.signingKey.node.id).toBe(`SigningKey${step.published[0]}`);
      const expected =
        step.published.length === 1
          ? keyOf(step.published[0])
          : { 'Fn::Join': ['', step.published.flatMap((g, i) => (i === 0 ? [keyOf(g)] : [',', keyOf(g)]))] };
      const functions = statelessTemplates.flatMap((t) => Object.values(t.findResources('AWS::Lambda::Function')));
      // The route functions, the fallback, the shard queue's two consumers and the webhook delivery function.
      expect(functions.length).toBe(stateless.routeFunctions.size + 4);
      for (const fn of functions) expect(fn.Properties.Environment.Variables.SIGNING_KEY_ID).toEqual(expected);
      // A generation keeps its key resource (same logical id) from step to step: no key is replaced,
      // nor the key that seals webhook secrets (it has no generations).
      const webhookKeyId = stateful.getLogicalId(stateful.webhookSecretKey.node.defaultChild as CfnElement);
      for (const [logicalId, key] of Object.entries(statefulTemplate.findResources('AWS::KMS::Key'))) {
        const generation =
          logicalId === webhookKeyId ? 'webhook secrets' : String(key.Properties.Description).match(/generation (\S+) /)![1];
        expect(keyIds.get(generation) ?? logicalId).toBe(logicalId);
        keyIds.set(generation, logicalId);
        expect(key.DeletionPolicy).toBe('Retain');
      }
    }
  });

  it('would not deploy by dropping the old generation at once (the check can fail)', () => {
    const problems = deployProblems([rotation[0], rotation[1], rotation[3]]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^step 3: the stateful stack removes export .*SigningKey1.*, still imported$/);
  });
});
