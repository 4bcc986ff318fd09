/**
 * Builds the CDK app: the stateful stack, the stateless stack on top of it, and the AWS Solutions
 * checks (cdk-nag) over both. `app.ts` synthesizes it; the infrastructure tests assert on it.
 */
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { fileURLToPath } from 'node:url';
import { fallbackHandler, routes } from '../../functions/routes.js';
import { readDeploymentConfig } from './config.js';
import { StatefulStack } from './stateful-stack.js';
import { StatelessStack } from './stateless-stack.js';

/** The repository root, found from this file so the app runs from any working directory. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');

export interface ServiceApp {
  app: App;
  stateful: StatefulStack;
  stateless: StatelessStack;
}

export interface CreateAppOptions extends AppProps {
  /** Run cdk-nag during synthesis (default true). */
  nag?: boolean;
}

export function createApp(options: CreateAppOptions = {}): ServiceApp {
  const { nag = true, ...appProps } = options;
  const app = new App({
    ...appProps,
    context: {
      // Strong references (exports/imports) keep the stateful stack from losing what the stateless
      // one uses; signing keys are exported explicitly so rotation never deadlocks on an export.
      '@aws-cdk/core:defaultCrossStackReferences': 'strong',
      ...appProps.context,
    },
  });
  const config = readDeploymentConfig(app.node);
  // Account and region come from the CLI's credentials at deploy time; synth without them yields
  // environment-agnostic templates.
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };

  const stateful = new StatefulStack(app, `${config.appName}-Stateful`, {
    env,
    description: 'Household scenarios: data table and token signing keys',
    appName: config.appName,
    signingKeyGenerations: config.signingKeyGenerations,
    withdrawnSigningKeyGenerations: config.withdrawnSigningKeyGenerations,
    terminationProtection: true,
  });
  const stateless = new StatelessStack(app, `${config.appName}-Stateless`, {
    env,
    description: 'Household scenarios: HTTP API, functions, shard queue and alarms',
    config,
    routes,
    fallbackHandler,
    projectRoot: PROJECT_ROOT,
    table: stateful.table,
    indexNames: stateful.indexNames,
    signingKey: stateful.signingKey,
    retiredSigningKeys: stateful.retiredSigningKeys,
    webhookSecretKey: stateful.webhookSecretKey,
  });
  stateless.addStackDependency(stateful);

  if (nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stateful, stateless };
}
