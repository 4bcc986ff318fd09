/**
 * `GET, POST /realms/{realmId}/protocol/openid-connect/auth`: the authorization code flow's
 * login page. The client and redirect_uri are checked before anything else, and a bad one gets an
 * error page, never a redirect (RFC 6749 §4.1.2.1). Other request errors go back to the client as
 * `error` and `state` on the redirect. Responses are HTML: the one exception to the JSON rule.
 */
import { epochSeconds } from '../store/table.js';
import { digestToken, randomSecret } from './hashing.js';
import { endpointPaths } from './issuer.js';
import { lifetimes } from './lifetimes.js';
import { renderErrorPage, renderLoginPage } from './login-page.js';
import { OAuthError } from './oauth-error.js';
import { pkceValuePattern } from './pkce.js';
import type { EndpointRequest, EndpointResponse, IdentityProvider } from './provider.js';
import { parseParameters, type Parameters } from './request-parameters.js';
import { parseScope } from './scopes.js';
import { HashBudgetExceeded } from './hash-budget.js';
import { authenticateUser, type UserAuthentication } from './user-authentication.js';

const authorizationParameters = [
  'client_id',
  'redirect_uri',
  'response_type',
  'state',
  'scope',
  'nonce',
  'code_challenge',
  'code_challenge_method',
] as const;

const invalidCredentials = 'Invalid username or password.';

function html(statusCode: number, body: string, extra: Record<string, string> = {}): EndpointResponse {
  return {
    statusCode,
    headers: {
      'content-type': 'text/html;charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      ...extra,
    },
    html: body,
  };
}

function redirect(location: URL): EndpointResponse {
  return { statusCode: 302, headers: { location: location.toString(), 'cache-control': 'no-store' } };
}

function redirectWithError(redirectUri: string, issuer: string, error: string, description: string, state?: string) {
  const target = new URL(redirectUri);
  target.searchParams.set('error', error);
  target.searchParams.set('error_description', description);
  if (state !== undefined) target.searchParams.set('state', state);
  target.searchParams.set('iss', issuer);
  return redirect(target);
}

interface ValidRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  scopes: string[];
  nonce?: string;
  codeChallenge?: string;
  hidden: Record<string, string>;
}

type Validation = { ok: true; request: ValidRequest } | { ok: false; response: EndpointResponse };

async function validate(provider: IdentityProvider, req: EndpointRequest, params: Parameters): Promise<Validation> {
  const fail = (status: number, title: string, message: string): Validation => ({
    ok: false,
    response: html(status, renderErrorPage(title, message)),
  });
  if (!(await provider.store.realms.get(req.realmId))) return fail(404, 'Unknown realm', `Realm ${req.realmId} does not exist.`);
  const clientId = params.client_id;
  if (!clientId) return fail(400, 'Invalid request', 'The client_id parameter is missing.');
  const client = await provider.store.clients.get(req.realmId, clientId);
  if (!client) return fail(400, 'Invalid request', 'The client is unknown.');
  if (!client.grantTypes.includes('authorization_code')) {
    return fail(400, 'Invalid request', 'This client may not use the authorization code flow.');
  }
  const redirectUri = params.redirect_uri;
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return fail(400, 'Invalid request', 'The redirect_uri is missing or not registered for this client.');
  }
  const state = params.state;
  const back = (error: string, description: string): Validation => ({
    ok: false,
    response: redirectWithError(redirectUri, req.issuer, error, description, state),
  });
  if (params.response_type !== 'code') return back('unsupported_response_type', 'response_type must be code');
  if (!state || state.length > 1024) return back('invalid_request', 'state is required (at most 1024 characters)');
  let scopes: string[];
  try {
    scopes = parseScope(params.scope);
  } catch (error) {
    if (error instanceof OAuthError) return back('invalid_scope', error.description);
    throw error;
  }
  const challenge = params.code_challenge;
  const method = params.code_challenge_method;
  if (challenge !== undefined) {
    if (method !== 'S256') return back('invalid_request', 'code_challenge_method must be S256');
    if (!pkceValuePattern.test(challenge)) return back('invalid_request', 'code_challenge is malformed');
  } else if (method !== undefined) {
    return back('invalid_request', 'code_challenge_method given without code_challenge');
  } else if (client.public) {
    // With no secret, PKCE is what binds the code to the app that asked for it (RFC 9700 §2.1.1).
    return back('invalid_request', 'A public client must send a code_challenge (PKCE, S256)');
  }
  if (params.nonce !== undefined && params.nonce.length > 1024) return back('invalid_request', 'nonce is too long');
  const hidden: Record<string, string> = {};
  for (const name of authorizationParameters) if (params[name] !== undefined) hidden[name] = params[name];
  return {
    ok: true,
    request: { clientId, redirectUri, state, scopes, nonce: params.nonce, codeChallenge: challenge, hidden },
  };
}

export async function authorizationEndpoint(provider: IdentityProvider, req: EndpointRequest): Promise<EndpointResponse> {
  let params: Parameters;
  if (req.method === 'POST') {
    try {
      params = parseParameters(req.body, req.headers['content-type']);
    } catch (error) {
      if (error instanceof OAuthError) return html(error.statusCode, renderErrorPage('Invalid request', error.description));
      throw error;
    }
  } else {
    const [repeated] = req.repeatedQuery ?? [];
    // RFC 6749 §3.1: a parameter sent more than once is refused, as in a POST's form.
    if (repeated) return html(400, renderErrorPage('Invalid request', `Parameter ${repeated} is repeated`));
    params = Object.fromEntries(Object.entries(req.query).filter((e): e is [string, string] => e[1] !== undefined));
  }
  const validation = await validate(provider, req, params);
  if (!validation.ok) return validation.response;
  const valid = validation.request;
  const page = (status: number, error?: string, username?: string, headers: Record<string, string> = {}) =>
    html(
      status,
      renderLoginPage({
        realmId: req.realmId,
        clientId: valid.clientId,
        action: `${req.issuer}${endpointPaths.authorization}`,
        hidden: valid.hidden,
        username,
        error,
      }),
      headers,
    );
  if (req.method !== 'POST') return page(200);

  const username = params.username ?? '';
  const password = params.password ?? '';
  if (!username || !password) return page(400, 'Enter your username and password.', username);
  const now = provider.clock();
  let result: UserAuthentication;
  try {
    result = await authenticateUser(
      provider.store,
      {
        realmId: req.realmId,
        username,
        password,
        // The login page is open to anyone: failures lock the username for the address they come from.
        source: `address:${req.sourceIp ?? 'unknown'}`,
        payer: { sourceIp: req.sourceIp, clientId: valid.clientId },
        now,
      },
      provider.policies,
    );
  } catch (error) {
    if (!(error instanceof HashBudgetExceeded)) throw error;
    return page(429, `${error.description}.`, username, { 'retry-after': String(error.retryAfter) });
  }
  if (result.outcome === 'locked') {
    const seconds = Math.max(1, result.until - epochSeconds(now));
    const minutes = Math.ceil(seconds / 60);
    return page(429, `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, username, {
      'retry-after': String(seconds),
    });
  }
  if (result.outcome === 'invalid') return page(200, invalidCredentials, username);

  const code = randomSecret(32);
  await provider.store.authorizationCodes.create({
    realmId: req.realmId,
    codeDigest: digestToken(code),
    clientId: valid.clientId,
    redirectUri: valid.redirectUri,
    subject: result.user.id,
    scope: valid.scopes.join(' '),
    nonce: valid.nonce,
    codeChallenge: valid.codeChallenge,
    codeChallengeMethod: valid.codeChallenge ? 'S256' : undefined,
    authTime: epochSeconds(now),
    signedInAt: now.getTime(),
    expiresAt: epochSeconds(now) + lifetimes.authorizationCode,
  });
  const target = new URL(valid.redirectUri);
  target.searchParams.set('code', code);
  target.searchParams.set('state', valid.state);
  target.searchParams.set('iss', req.issuer);
  return redirect(target);
}
