/**
 * How a client gets a token, for the OpenAPI document: the realm's OpenID Connect endpoints as an
 * `oauth2` security scheme (one flow per grant) and, in the document's description, the request
 * for each grant with the realm's URLs. The examples name the realm `demo` (the local runtime's
 * demo realm); a customer uses its own realm id.
 */
import { endpointPaths, realmIssuer } from '../../shared/identity/issuer.js';

type Json = Record<string, unknown>;

const exampleRealm = 'demo';
const scopes = { openid: 'An ID token as well', profile: 'preferred_username in the tokens', email: 'email in the tokens' };

export function securitySchemes(origin: string): Json {
  const issuer = realmIssuer(origin, exampleRealm);
  const tokenUrl = `${issuer}${endpointPaths.token}`;
  return {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: `An access token from the realm's token endpoint, sent as \`Authorization: Bearer <token>\`.`,
    },
    realmOAuth: {
      type: 'oauth2',
      description:
        `The realm's OpenID Connect provider. Shown for realm \`${exampleRealm}\`: put your realm id in place of it. ` +
        `Discovery: ${issuer}/.well-known/openid-configuration`,
      flows: {
        clientCredentials: { tokenUrl, scopes },
        password: { tokenUrl, refreshUrl: tokenUrl, scopes },
        authorizationCode: { authorizationUrl: `${issuer}${endpointPaths.authorization}`, tokenUrl, refreshUrl: tokenUrl, scopes },
      },
    },
  };
}

export function apiDescription(origin: string): string {
  const issuer = realmIssuer(origin, exampleRealm);
  const token = `${issuer}${endpointPaths.token}`;
  // The examples are single command lines, as they are pasted; built from parts to keep the source narrow.
  const authorize = `${issuer}${endpointPaths.authorization}?${[
    'response_type=code',
    'client_id=$CLIENT_ID',
    'redirect_uri=$REDIRECT_URI',
    'scope=openid',
    'state=$STATE',
    'code_challenge=$CHALLENGE',
    'code_challenge_method=S256',
  ].join('&')}`;
  const exchange = [
    'curl -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=authorization_code -d code=$CODE',
    '-d redirect_uri=$REDIRECT_URI -d code_verifier=$VERIFIER',
    token,
  ].join(' ');
  return `Monte Carlo simulation of households under economic and life risk: store households and their
scenarios, run simulations, read their outputs and compare two scenarios path by path.

Errors always have the body \`{ status, message, errors }\` (\`errors\` names each invalid field);
lists are paged with \`page\`, \`size\` and \`sort\` and carry RFC 8288 \`Link\` headers.
Creating POSTs take an \`Idempotency-Key\`; GETs answer \`If-None-Match\` with 304; writes honour
\`If-Match\`; large bodies are compressed for \`Accept-Encoding: gzip\` or \`br\`.

## Getting a token

Every call but the identity and system endpoints needs an access token of your realm. Each realm
(one per customer) has its own OpenID Connect provider; here shown for the realm \`${exampleRealm}\`,
whose discovery document is \`${issuer}/.well-known/openid-configuration\`.
Confidential clients authenticate with HTTP Basic (\`-u client:secret\`) or \`client_id\` and
\`client_secret\` form fields. Tokens last 5 minutes; use the refresh token or ask again.

**A service account** (your back end, \`client_credentials\`). A service account whose client was
given the \`realm-admin\` role can create households for a user by naming the owner
(\`ownerId\`) and manage the realm's users; without it, it works only on its own households:

    curl -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials ${token}

**A user, by password** (\`password\`, for clients allowed this grant):

    curl -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=password -d username=$USERNAME -d password=$PASSWORD ${token}

**A user, in a browser** (\`authorization_code\` with PKCE S256): send the browser to

    ${authorize}

then exchange the code that comes back on the redirect:

    ${exchange}

**Refresh** (\`refresh_token\`; the refresh token rotates on each use):

    curl -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=refresh_token -d refresh_token=$REFRESH_TOKEN ${token}

The answer is a \`TokenResponse\`: send its \`access_token\` as \`Authorization: Bearer <access_token>\`.
Revoke a token at \`${issuer}${endpointPaths.revocation}\`; the signing keys are at \`${issuer}${endpointPaths.certs}\`.`;
}
