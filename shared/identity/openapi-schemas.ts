/**
 * The identity endpoints' requests and responses as zod schemas, for the OpenAPI document only:
 * the endpoints parse OAuth form parameters themselves (request-parameters.ts) and answer the
 * shapes below (token-issuer.ts, discovery.ts, oauth-error.ts).
 */
import * as z from 'zod/mini';
import { grantTypes } from '../domain/identity/entities.js';

const clientAuth = {
  client_id: z.optional(z.string().check(z.describe('The client; or send it with client_secret as HTTP Basic'))),
  client_secret: z.optional(z.string().check(z.describe('Confidential clients; or HTTP Basic'))),
  scope: z.optional(z.string().check(z.describe('Space-separated: openid, profile, email (default "profile email")'))),
};

const grant = <G extends string, S extends z.core.$ZodLooseShape>(grantType: G, id: string, description: string, shape: S) =>
  z.object({ grant_type: z.literal(grantType), ...clientAuth, ...shape }).register(z.globalRegistry, { id, description });

export const tokenRequestSchema = z
  .union([
    grant('client_credentials', 'ClientCredentialsGrant', 'A service account (the client itself) gets a token; no refresh token.', {}),
    grant('password', 'PasswordGrant', 'A user of the realm signs in with username and password (clients allowed this grant only).', {
      username: z.string(),
      password: z.string(),
    }),
    grant('authorization_code', 'AuthorizationCodeGrant', 'Exchange the code from the login page (PKCE S256).', {
      code: z.string(),
      redirect_uri: z.string().check(z.describe('The redirect_uri of the authorization request')),
      code_verifier: z.optional(z.string().check(z.describe('The PKCE verifier (required when a code_challenge was sent)'))),
    }),
    grant('refresh_token', 'RefreshTokenGrant', 'A new access token (and a rotated refresh token) for a refresh token.', {
      refresh_token: z.string(),
    }),
  ])
  .register(z.globalRegistry, { id: 'TokenRequest', description: `One of the grants ${grantTypes.join(', ')}` });

export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().check(z.int()),
    refresh_token: z.optional(z.string()),
    refresh_expires_in: z.number().check(z.int()),
    'not-before-policy': z.number().check(z.int()),
    scope: z.string(),
    id_token: z.optional(z.string().check(z.describe('With the openid scope'))),
  })
  .register(z.globalRegistry, { id: 'TokenResponse' });

export const oauthErrorSchema = z
  .object({
    error: z.enum([
      'invalid_request',
      'invalid_client',
      'invalid_grant',
      'unauthorized_client',
      'unsupported_grant_type',
      'invalid_scope',
      'unsupported_token_type',
    ]),
    error_description: z.string(),
    status: z.string(),
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })),
  })
  .register(z.globalRegistry, { id: 'OAuthError', description: "RFC 6749 §5.2 fields with the service's error shape" });

export const revokeRequestSchema = z
  .object({
    token: z.string(),
    token_type_hint: z.optional(z.enum(['access_token', 'refresh_token'])),
    client_id: clientAuth.client_id,
    client_secret: clientAuth.client_secret,
  })
  .register(z.globalRegistry, { id: 'RevocationRequest' });

export const discoverySchema = z
  .looseObject({
    issuer: z.url(),
    authorization_endpoint: z.url(),
    token_endpoint: z.url(),
    jwks_uri: z.url(),
    revocation_endpoint: z.url(),
    grant_types_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
  })
  .register(z.globalRegistry, { id: 'OpenIdConfiguration' });

export const jwksSchema = z
  .object({
    keys: z.array(z.looseObject({ kty: z.string(), kid: z.string(), alg: z.optional(z.string()), use: z.optional(z.string()) })),
  })
  .register(z.globalRegistry, { id: 'JsonWebKeySet' });

export const authorizeQuerySchema = z.object({
  client_id: z.string(),
  redirect_uri: z.string(),
  response_type: z.literal('code'),
  state: z.optional(z.string()),
  scope: z.optional(z.string()),
  nonce: z.optional(z.string()),
  code_challenge: z.optional(z.string()),
  code_challenge_method: z.optional(z.literal('S256')),
});

export const loginFormSchema = z
  .object({ username: z.string(), password: z.string() })
  .register(z.globalRegistry, { id: 'LoginForm', description: 'The login form, posted with the authorization request parameters' });

export const formMediaType = 'application/x-www-form-urlencoded';
