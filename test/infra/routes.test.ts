/**
 * Every route of the route table reaches its handler's function through API Gateway, and nothing
 * else is routed.
 */
import { Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { fallbackHandler, routes } from '../../functions/routes.js';
import { areaStackIdFor, constructIdFor, groupByArea, planFunctions, routeKey } from '../../infra/cdk/route-plan.js';
import { PROJECT_ROOT } from '../../infra/cdk/create-app.js';
import { maxWaitSeconds } from '../../shared/domain/runs/run-wait.js';
import { resourcesAcross, resourcesOfType, synthesize, type Synthesized } from './synthesize.js';

let synth: Synthesized;
beforeAll(() => {
  synth = synthesize();
});

function functionOf(handler: string) {
  const fn = synth.stateless.routeFunctions.get(handler);
  if (!fn) throw new Error(`no function for ${handler}`);
  return fn;
}

function logicalIdOfHandler(handler: string): string {
  return synth.logicalIdOf(functionOf(handler));
}

/** A handler function's ARN as the stateless stack (routes, integrations, permissions) refers to it: its nested stack's output. */
function arnInApiStack(handler: string): unknown {
  return synth.stateless.resolve(functionOf(handler).functionArn);
}

describe('routes from the route table', () => {
  it('the route table is not empty and its handlers exist', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(() => planFunctions(routes, PROJECT_ROOT)).not.toThrow();
  });

  it('each route has its route key, an AWS_PROXY v2 integration and its handler function', () => {
    const apiRoutes = resourcesOfType(synth.statelessTemplate, 'AWS::ApiGatewayV2::Route');
    const integrations = resourcesOfType(synth.statelessTemplate, 'AWS::ApiGatewayV2::Integration');
    const byKey = new Map(Object.values(apiRoutes).map((r) => [r.Properties!.RouteKey as string, r]));

    for (const route of routes) {
      const key = routeKey(route);
      const apiRoute = byKey.get(key);
      expect(apiRoute, key).toBeDefined();
      const target = apiRoute!.Properties!.Target;
      expect(target['Fn::Join'][1][0], key).toBe('integrations/');
      const integrationId = target['Fn::Join'][1][1].Ref as string;
      const integration = integrations[integrationId];
      expect(integration, key).toBeDefined();
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      expect(integration.Properties!.IntegrationUri, key).toEqual(arnInApiStack(route.handler));
    }
  });

  it('routes exactly the route table plus the $default fallback: no proxy, no ANY, no extra route', () => {
    const keys = Object.values(resourcesOfType(synth.statelessTemplate, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties!.RouteKey);
    expect(keys.sort()).toEqual([...routes.map(routeKey), '$default'].sort());
    for (const key of keys) expect(key).not.toMatch(/\{proxy\+\}|^ANY /);
  });

  it('the $default route (404, 405, CORS preflight) goes to the fallback handler', () => {
    const apiRoutes = Object.values(resourcesOfType(synth.statelessTemplate, 'AWS::ApiGatewayV2::Route'));
    const fallbackRoute = apiRoutes.find((r) => r.Properties!.RouteKey === '$default')!;
    const integrationId = fallbackRoute.Properties!.Target['Fn::Join'][1][1].Ref as string;
    const integration = resourcesOfType(synth.statelessTemplate, 'AWS::ApiGatewayV2::Integration')[integrationId];
    const fallbackId = synth.stateless.getLogicalId(synth.stateless.fallbackFunction!.node.defaultChild as CfnFunction);
    expect(fallbackHandler).toBeTruthy();
    expect(fallbackId.startsWith(constructIdFor(fallbackHandler))).toBe(true);
    expect(integration.Properties!.IntegrationUri).toEqual({ 'Fn::GetAtt': [fallbackId, 'Arn'] });
  });

  it('one function per handler module, plus the fallback and the three queue consumers', () => {
    const handlers = new Set(routes.map((r) => r.handler));
    const functions = resourcesAcross(synth.statelessTemplates, 'AWS::Lambda::Function');
    // The consumers: the shard worker, the shard dead-letter consumer, the webhook delivery function.
    expect(Object.keys(functions).length).toBe(handlers.size + (handlers.has(fallbackHandler) ? 0 : 1) + 3);
    const permissions = Object.values(resourcesOfType(synth.statelessTemplate, 'AWS::Lambda::Permission'));
    for (const handler of handlers) {
      const id = logicalIdOfHandler(handler);
      expect(id.startsWith(constructIdFor(handler))).toBe(true);
      expect(functions[id], handler).toBeDefined();
      const arn = JSON.stringify(arnInApiStack(handler));
      const invokers = permissions.filter(
        (p) => p.Properties!.Principal === 'apigateway.amazonaws.com' && JSON.stringify(p.Properties!.FunctionName) === arn,
      );
      expect(invokers.length, handler).toBe(routes.filter((r) => r.handler === handler).length);
    }
  });

  it("each handler's function is in its area's nested stack, and its routes stay in the stateless stack", () => {
    const areas = groupByArea(planFunctions(routes, PROJECT_ROOT));
    expect(synth.stateless.routeFunctionStacks.map((stack) => stack.node.id).sort()).toEqual([...areas.keys()].map(areaStackIdFor).sort());
    for (const [area, planned] of areas) {
      for (const { handler } of planned) {
        const stack = Stack.of(functionOf(handler));
        expect(stack.node.id, handler).toBe(areaStackIdFor(area));
        expect(stack.nestedStackParent, handler).toBe(synth.stateless);
      }
    }
    for (const template of synth.statelessTemplates.slice(1)) {
      for (const type of ['AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::Integration', 'AWS::Lambda::Permission']) {
        template.resourceCountIs(type, 0);
      }
    }
  });

  it("the functions answering a run's GET outlast its longest wait (?wait=), within API Gateway's integration limit", () => {
    const functions = resourcesAcross(synth.statelessTemplates, 'AWS::Lambda::Function');
    const integrations = Object.values(resourcesOfType(synth.statelessTemplate, 'AWS::ApiGatewayV2::Integration'));
    for (const handler of ['simulations/get', 'comparisons/get', 'analyses/get']) {
      const id = logicalIdOfHandler(handler);
      const timeoutSeconds = functions[id].Properties!.Timeout as number;
      // The wait, then the run's document (read and sent) and a cold start, well inside the timeout.
      expect(timeoutSeconds, handler).toBeGreaterThanOrEqual(maxWaitSeconds + 5);
      const arn = JSON.stringify(arnInApiStack(handler));
      const integration = integrations.find((i) => JSON.stringify(i.Properties!.IntegrationUri) === arn);
      expect(integration, handler).toBeDefined();
      // API Gateway's HTTP API waits at most 30 s for an integration (its default when none is set).
      expect(integration!.Properties!.TimeoutInMillis ?? 30_000, handler).toBeGreaterThan(timeoutSeconds * 1000);
    }
  });

  it('a function serving a write route is a write function; a read-only one stays read; one without the table has none', () => {
    for (const planned of planFunctions(routes, PROJECT_ROOT)) {
      const writes = planned.routes.some((r) => r.access === 'write');
      const reads = planned.routes.some((r) => r.access === 'read');
      expect(planned.access).toBe(writes ? 'write' : reads ? 'read' : 'none');
    }
  });
});
