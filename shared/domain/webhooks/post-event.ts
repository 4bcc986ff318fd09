/**
 * One delivery attempt over the network: a POST of the signed event, made only to an address the
 * network policy allows (url-safety.ts). A name is resolved by the connection's own lookup, which
 * refuses the connection when any address the name resolves to is not allowed, so the address
 * checked is the address connected to; an IP address in the URL is checked before connecting.
 * Redirects are not followed (a 3xx is a failed attempt), and the attempt ends after `timeoutMs`.
 */
import { lookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressProblem, type NetworkPolicy } from './url-safety.js';

export interface AttemptOutcome {
  statusCode?: number;
  latencyMs: number;
  /** Why the attempt failed; undefined for a 2xx answer. */
  error?: string;
}

class RefusedAddress extends Error {}

function checkedLookup(policy: NetworkPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.map((entry) => addressProblem(entry.address, policy)).find(Boolean);
      if (refused || addresses.length === 0) {
        return callback(new RefusedAddress(`${hostname} resolves to ${refused ?? 'no address'}`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export async function postEvent(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { policy: NetworkPolicy; timeoutMs: number },
): Promise<AttemptOutcome> {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = /^[0-9.]+$|:/.test(host) ? addressProblem(host, options.policy) : undefined;
  if (literal) return { latencyMs: 0, error: `refused: ${literal}` };
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<AttemptOutcome>((resolve) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers },
        lookup: checkedLookup(options.policy),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response: IncomingMessage) => {
        const statusCode = response.statusCode ?? 0;
        // The answer's body is not read: only its status counts.
        response.destroy();
        const error =
          statusCode >= 200 && statusCode < 300
            ? undefined
            : statusCode >= 300 && statusCode < 400
              ? `answered ${statusCode}: redirects are not followed`
              : `answered ${statusCode}`;
        resolve({ statusCode, latencyMs: elapsed(), ...(error ? { error } : {}) });
      },
    );
    request.on('error', (error: Error) => {
      const reason =
        error instanceof RefusedAddress
          ? `refused: ${error.message}`
          : error.name === 'AbortError' || error.name === 'TimeoutError'
            ? `no answer within ${options.timeoutMs} ms`
            : `could not connect: ${(error as NodeJS.ErrnoException).code ?? error.message}`;
      resolve({ latencyMs: elapsed(), error: reason });
    });
    request.end(body);
  });
}
