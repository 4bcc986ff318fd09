/**
 * Where the service may send events. In AWS (the `public` network policy, the default) only
 * `https` URLs, and only to public unicast addresses: a URL that names or resolves to a private,
 * loopback, link-local (the instance metadata service at 169.254.169.254), unique-local,
 * carrier-grade NAT, multicast or reserved address is refused, at registration where the URL
 * shows it and again at every delivery, on the address the connection is then made to (a name
 * may resolve elsewhere later). The local runtime (the `local` policy) also allows `http` and
 * loopback, so that developers and tests receive events on 127.0.0.1. A URL carrying a user name
 * or password is refused: it would be a credential in the store and in every listing.
 */
import ipaddr from 'ipaddr.js';

export type NetworkPolicy = 'public' | 'local';

/** WEBHOOK_NETWORK=local in the local runtime; anything else is the cloud's policy. */
export const networkPolicy = (): NetworkPolicy => (process.env.WEBHOOK_NETWORK === 'local' ? 'local' : 'public');

const localhostName = /(^|\.)localhost\.?$/i;

/** Why an address may not be sent to, or undefined when it may. */
export function addressProblem(address: string, policy: NetworkPolicy): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return undefined;
  if (range === 'loopback' && policy === 'local') return undefined;
  return `${address} is a ${range} address, which webhooks may not reach`;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Why a URL may not be registered (what it shows without resolving it), or undefined when it may. */
export function urlProblem(text: string, policy: NetworkPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL, e.g. https://example.com/webhooks';
  }
  const schemes = policy === 'local' ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return policy === 'local' ? 'must be an http or https URL' : 'must be an https URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.hash) return 'must not have a fragment';
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return addressProblem(host, policy);
  if (policy === 'public' && (localhostName.test(host) || !host.includes('.'))) {
    return `must name a public host: ${host} is a local name`;
  }
  return undefined;
}
