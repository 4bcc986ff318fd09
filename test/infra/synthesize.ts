/**
 * Synthesizes the real CDK app for assertions, with bundling skipped (the templates do not depend
 * on the bundles' contents; one test bundles a real handler separately).
 *
 * The stateless stack keeps its route functions in nested stacks (one per area of the API), so a
 * function's resources are in its nested stack's template while its route, integration and invoke
 * permission are in the stateless stack's own. `statelessTemplates` gathers all of them;
 * `templateOf`, `logicalIdOf` and `resolveIn` answer for a construct in the stack that holds it.
 */
import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { createApp, type ServiceApp } from '../../infra/cdk/create-app.js';

export interface Synthesized extends ServiceApp {
  statefulTemplate: Template;
  /** The stateless stack's own template: the API and its routes, the queues and their consumers, the alarms. */
  statelessTemplate: Template;
  /** The stateless stack's template, then each of its nested stacks' (the route functions, by area). */
  statelessTemplates: Template[];
  /** Every synthesized template: the stateful stack's, then the stateless ones. */
  allTemplates: Template[];
  /** The template of the stack that holds a construct. */
  templateOf(construct: IConstruct): Template;
  /** A construct's logical id in the stack that holds it. */
  logicalIdOf(construct: IConstruct): string;
  /** A value as the stack holding `construct` writes it (a reference to another stack becomes its import or parameter). */
  resolveIn(construct: IConstruct, value: unknown): unknown;
}

export function synthesize(context: Record<string, unknown> = {}): Synthesized {
  const built = createApp({ nag: false, context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const templates = new Map<Stack, Template>();
  const templateOfStack = (stack: Stack): Template => {
    if (!templates.has(stack)) templates.set(stack, Template.fromStack(stack));
    return templates.get(stack)!;
  };
  const nestedStacks = built.stateless.node.findAll().filter((c): c is Stack => Stack.isStack(c) && c.nested);
  const statelessTemplates = [built.stateless, ...nestedStacks].map(templateOfStack);
  return {
    ...built,
    statefulTemplate: templateOfStack(built.stateful),
    statelessTemplate: statelessTemplates[0],
    statelessTemplates,
    allTemplates: [templateOfStack(built.stateful), ...statelessTemplates],
    templateOf: (construct) => templateOfStack(Stack.of(construct)),
    logicalIdOf: (construct) => Stack.of(construct).getLogicalId((construct.node.defaultChild ?? construct) as CfnElement),
    resolveIn: (construct, value) => Stack.of(construct).resolve(value),
  };
}

/** A CloudFormation resource as it appears in a template. */
export interface CfnResourceJson {
  Type: string;
  Properties?: Record<string, any>;
  DependsOn?: string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

export function resourcesOfType(template: Template, type: string): Record<string, CfnResourceJson> {
  return template.findResources(type) as Record<string, CfnResourceJson>;
}

/**
 * The resources of a type in several templates, by logical id. Logical ids carry a hash of the
 * construct's path, so they differ between stacks; a clash would make the lookup ambiguous and fails.
 */
export function resourcesAcross(templates: readonly Template[], type: string): Record<string, CfnResourceJson> {
  const all: Record<string, CfnResourceJson> = {};
  for (const template of templates) {
    for (const [id, resource] of Object.entries(resourcesOfType(template, type))) {
      if (id in all) throw new Error(`logical id ${id} appears in two templates`);
      all[id] = resource;
    }
  }
  return all;
}

/** `Action` of a policy statement, always as a list. */
export function actionsOf(statement: { Action: string | string[] }): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/**
 * A value a nested stack's template holds, followed through its parameter to what the parent stack
 * passes in (`{ Ref: <parameter> }` becomes the parent's expression); any other value as it is.
 */
export function throughParameters(synth: Synthesized, construct: IConstruct, value: unknown): unknown {
  const stack = Stack.of(construct);
  const ref = (value as { Ref?: unknown } | null)?.Ref;
  if (!stack.nestedStackResource || typeof ref !== 'string') return value;
  const parameters = synth.templateOf(stack).toJSON().Parameters ?? {};
  if (!(ref in parameters)) return value;
  const parent = stack.nestedStackParent!;
  const resource = synth.templateOf(parent).toJSON().Resources[parent.getLogicalId(stack.nestedStackResource)];
  return resource.Properties.Parameters[ref];
}
