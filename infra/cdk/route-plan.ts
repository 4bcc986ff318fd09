/**
 * From the route table to the functions to deploy. Routes that name the same handler module share
 * one function (e.g. `GET` and `HEAD` of a resource), which gets the union of their permissions.
 * Every route function that reaches the table may verify a bearer token, which reads the realm's
 * public keys from KMS (shared/http/auth-config.ts), so each also gets `signing-key:read-public`; and
 * counts each authenticated request in its realm's usage ledger, so a read-only one also gets
 * `usage:count` (an update of usage items only; a `write` function may update any item anyway).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ExtraGrant, Route } from '../../functions/routes.js';

export interface PlannedFunction {
  /** Handler module under `functions/`, without extension. */
  handler: string;
  /** Construct id of its function, e.g. `households/get` becomes `HouseholdsGetFunction`. */
  constructId: string;
  routes: Route[];
  /** The most any of its routes needs: `write` over `read` over `none`. */
  access: Route['access'];
  grants: ExtraGrant[];
}

const accessRank: Record<Route['access'], number> = { none: 0, read: 1, write: 2 };

/** `POST /households/{householdId}` as API Gateway writes a route key. */
export function routeKey(route: Pick<Route, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function constructIdFor(handler: string): string {
  return `${pascalCase(handler)}Function`;
}

/** The area of a handler module: its folder under `functions/` (`households/get` is in `households`). */
export function areaOf(handler: string): string {
  return handler.split('/')[0];
}

/** Construct id of the nested stack holding an area's functions, e.g. `households` becomes `HouseholdsFunctions`. */
export function areaStackIdFor(area: string): string {
  return `${pascalCase(area)}Functions`;
}

/** The planned functions by area, in the route table's order. */
export function groupByArea(planned: readonly PlannedFunction[]): Map<string, PlannedFunction[]> {
  const areas = new Map<string, PlannedFunction[]>();
  for (const fn of planned) {
    const area = areaOf(fn.handler);
    areas.set(area, [...(areas.get(area) ?? []), fn]);
  }
  return areas;
}

function pascalCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/** The TypeScript source of a handler module (the route table names modules without extension). */
export function handlerEntry(projectRoot: string, handler: string): string {
  return join(projectRoot, 'functions', `${handler}.ts`);
}

/** Groups the routes by handler; fails on duplicate route keys, unknown files or id clashes. */
export function planFunctions(routes: readonly Route[], projectRoot: string): PlannedFunction[] {
  const seenKeys = new Set<string>();
  const byHandler = new Map<string, PlannedFunction>();
  for (const route of routes) {
    const key = routeKey(route);
    if (seenKeys.has(key)) throw new Error(`Route table: ${key} appears twice`);
    seenKeys.add(key);
    if (!route.path.startsWith('/') || route.path.includes('{proxy+}')) {
      throw new Error(`Route table: ${key}: path must start with / and name its parameters explicitly`);
    }
    let planned = byHandler.get(route.handler);
    if (!planned) {
      if (!existsSync(handlerEntry(projectRoot, route.handler))) {
        throw new Error(`Route table: ${key}: handler module functions/${route.handler}.ts does not exist`);
      }
      planned = { handler: route.handler, constructId: constructIdFor(route.handler), routes: [], access: 'none', grants: [] };
      byHandler.set(route.handler, planned);
    }
    planned.routes.push(route);
    if (accessRank[route.access] > accessRank[planned.access]) planned.access = route.access;
    for (const grant of route.grants ?? []) if (!planned.grants.includes(grant)) planned.grants.push(grant);
  }
  for (const planned of byHandler.values()) {
    if (planned.access !== 'none' && !planned.grants.includes('signing-key:read-public')) planned.grants.push('signing-key:read-public');
    if (planned.access === 'read' && !planned.grants.includes('usage:count')) planned.grants.push('usage:count');
  }
  const ids = new Map<string, string>();
  for (const planned of byHandler.values()) {
    const clash = ids.get(planned.constructId);
    if (clash) throw new Error(`Route table: handlers ${clash} and ${planned.handler} map to the same function id`);
    ids.set(planned.constructId, planned.handler);
  }
  return [...byHandler.values()];
}
