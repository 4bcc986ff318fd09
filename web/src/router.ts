/** Views live in the URL's hash (`#/households/<id>/scenarios/<id>`), so the server serves one page and the back button works. */
import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { view: 'households' }
  | { view: 'household'; householdId: string }
  | { view: 'scenario'; householdId: string; scenarioId: string }
  | { view: 'new-scenario'; householdId: string }
  | { view: 'comparison'; householdId: string; comparisonId: string };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'households' && parts[1]) {
    const householdId = parts[1];
    if (parts[2] === 'scenarios' && parts[3] === 'new') return { view: 'new-scenario', householdId };
    if (parts[2] === 'scenarios' && parts[3]) return { view: 'scenario', householdId, scenarioId: parts[3] };
    if (parts[2] === 'comparisons' && parts[3]) return { view: 'comparison', householdId, comparisonId: parts[3] };
    return { view: 'household', householdId };
  }
  return { view: 'households' };
}

export const href = {
  households: () => '#/',
  household: (hid: string) => `#/households/${encodeURIComponent(hid)}`,
  newScenario: (hid: string) => `#/households/${encodeURIComponent(hid)}/scenarios/new`,
  scenario: (hid: string, sid: string) => `#/households/${encodeURIComponent(hid)}/scenarios/${encodeURIComponent(sid)}`,
  comparison: (hid: string, cid: string) => `#/households/${encodeURIComponent(hid)}/comparisons/${encodeURIComponent(cid)}`,
};

export function navigate(to: string): void {
  location.hash = to;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}
