/** Loads something from the API for a view, with its error, and a way to load it again. */
import { useCallback, useEffect, useState } from 'preact/hooks';

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data?: T; error?: Error; reload: () => void } {
  const [state, setState] = useState<{ data?: T; error?: Error }>({});
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data }),
      (error: Error) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return { ...state, reload: useCallback(() => setTick((t) => t + 1), []) };
}
