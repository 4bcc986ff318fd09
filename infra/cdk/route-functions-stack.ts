/**
 * The route functions of one area of the API (the handler modules of one folder under
 * `functions/`), each with its role, policy and log group, in a nested stack of the stateless
 * stack. A function with its role, policy and log group is four CloudFormation resources; kept in
 * the stateless stack with the routes, integrations and invoke permissions, sixty handlers took it
 * near CloudFormation's limit of 500 resources per stack. Grouped by area, each nested stack holds
 * a few dozen resources and a new route lands in its area's stack.
 */
import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { DeploymentConfig } from './config.js';
import { ServiceFunction, type ServiceEnvironment } from './constructs/service-function.js';
import { WEB_APP_HANDLER, webAppBundling } from './constructs/web-app-files.js';
import { bundlingFor } from './bundling.js';
import { grantExtras, grantTable, type ExtraGrantTargets, type TableTarget } from './grants.js';
import { handlerEntry, routeKey, type PlannedFunction } from './route-plan.js';

export interface RouteFunctionsStackProps extends NestedStackProps {
  config: DeploymentConfig;
  /** The area's functions, from the route table. */
  functions: readonly PlannedFunction[];
  /** Repository root: handler sources, package-lock.json and node_modules. */
  projectRoot: string;
  environment: ServiceEnvironment;
  tableTarget: TableTarget;
  extraTargets: ExtraGrantTargets;
}

export class RouteFunctionsStack extends NestedStack {
  /** The area's functions, keyed by handler module. */
  readonly functions = new Map<string, ServiceFunction>();

  constructor(scope: Construct, id: string, props: RouteFunctionsStackProps) {
    super(scope, id, props);
    for (const planned of props.functions) {
      const fn = new ServiceFunction(this, planned.constructId, {
        entry: handlerEntry(props.projectRoot, planned.handler),
        projectRoot: props.projectRoot,
        bundling: planned.handler === WEB_APP_HANDLER ? webAppBundling(props.projectRoot) : bundlingFor(planned.handler),
        description: describe(planned),
        environment: props.environment,
        logRetention: props.config.logRetentionDays,
        tracing: props.config.tracing,
      });
      if (planned.access !== 'none') grantTable(fn, props.tableTarget, planned.access);
      grantExtras(fn, planned.grants, props.extraTargets);
      this.functions.set(planned.handler, fn);
    }
  }
}

function describe(planned: PlannedFunction): string {
  const keys = planned.routes.map(routeKey).join(', ');
  return keys.length <= 256 ? keys : `${keys.slice(0, 253)}...`;
}
