/**
 * Synthesizes the real CDK app for assertions, with bundling skipped (the templates do not depend
 * on the bundles' contents; one test bundles a real handler separately).
 */
import { Template } from 'aws-cdk-lib/assertions';
import { createApp, type ServiceApp } from '../../infra/cdk/create-app.js';

export interface Synthesized extends ServiceApp {
  stateful: ServiceApp['stateful'];
  statefulTemplate: Template;
  statelessTemplate: Template;
}

export function synthesize(context: Record<string, unknown> = {}): Synthesized {
  const built = createApp({ nag: false, context: { 'aws:cdk:bundling-stacks': [], ...context } });
  return {
    ...built,
    statefulTemplate: Template.fromStack(built.stateful),
    statelessTemplate: Template.fromStack(built.stateless),
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

/** `Action` of a policy statement, always as a list. */
export function actionsOf(statement: { Action: string | string[] }): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}
