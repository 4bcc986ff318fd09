/**
 * Mints the token response: RS256 access token (and ID token when `openid` is granted), plus a
 * refresh token for user logins. Refresh tokens are opaque: `<familyId>.<256 random bits>`.
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { idPattern } from '../domain/ids.js';
import type { User } from '../domain/identity/entities.js';
import { serviceAccountRole, serviceAccountSubject } from '../domain/principal.js';
import { epochSeconds } from '../store/table.js';
import type { IdentityStore } from '../store/identity/identity-store.js';
import { digestToken, randomSecret } from './hashing.js';
import { lifetimes } from './lifetimes.js';
import { signJwt } from './signing/jwt.js';
import type { SigningKeySource } from './signing/signing-key.js';

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  refresh_expires_in: number;
  token_type: 'Bearer';
  'not-before-policy': number;
  scope: string;
  id_token?: string;
}

/** Who the tokens are for: a user, or a client's service account. */
export type Subject = { kind: 'user'; user: User } | { kind: 'service'; clientId: string; roles: string[] };

export interface IssueRequest {
  realmId: string;
  issuer: string;
  clientId: string;
  subject: Subject;
  scopes: string[];
  nonce?: string;
  authTime?: number;
  /**
   * When the user signed in (default: now): the time a new refresh family's id carries, so that a
   * password change made while the sign-in was being checked still ends the login.
   */
  signedInAt?: Date;
  /** Continue this refresh family (refresh grant) with the given next token; otherwise a new one is made for users. */
  continuedFamily?: { familyId: string; refreshToken: string; expiresAt: number; currentExpiresAt: number };
}

/** Refresh family ids are ULIDs: the time of the sign-in they came from is in them. */
export const familyIdPattern = idPattern;

export function newRefreshToken(familyId: string): string {
  return `${familyId}.${randomSecret(32)}`;
}

/** The family a refresh token claims to belong to (not yet verified). */
export function refreshTokenFamily(token: string): string | undefined {
  const dot = token.indexOf('.');
  const familyId = dot > 0 ? token.slice(0, dot) : '';
  return familyIdPattern.test(familyId) ? familyId : undefined;
}

export class TokenIssuer {
  constructor(
    private readonly store: IdentityStore,
    private readonly keys: SigningKeySource,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async issue(request: IssueRequest): Promise<TokenResponse & { familyId?: string }> {
    const now = this.clock();
    const iat = epochSeconds(now);
    const authTime = request.authTime ?? iat;
    const scope = request.scopes.join(' ');
    const isUser = request.subject.kind === 'user';
    const sub = isUser ? (request.subject as { user: User }).user.id : serviceAccountSubject(request.clientId);

    let family: { familyId: string; refreshToken: string; expiresAt: number; currentExpiresAt: number } | undefined =
      request.continuedFamily;
    if (!family && isUser) {
      const familyId = ulid((request.signedInAt ?? now).getTime());
      const refreshToken = newRefreshToken(familyId);
      const expiresAt = iat + lifetimes.refreshFamilyMax;
      const currentExpiresAt = Math.min(expiresAt, iat + lifetimes.refreshTokenIdle);
      await this.store.refreshFamilies.create({
        realmId: request.realmId,
        familyId,
        clientId: request.clientId,
        subject: sub,
        scope,
        currentDigest: digestToken(refreshToken),
        currentExpiresAt,
        expiresAt,
        authTime,
      });
      family = { familyId, refreshToken, expiresAt, currentExpiresAt };
    }

    const key = await this.keys.current();
    const userClaims =
      request.subject.kind === 'user'
        ? {
            preferred_username: request.subject.user.username,
            ...(request.scopes.includes('email') ? { email: request.subject.user.email } : {}),
          }
        : {};
    const roles = request.subject.kind === 'user' ? request.subject.user.roles : [serviceAccountRole, ...request.subject.roles];
    const accessToken = await signJwt(
      {
        iss: request.issuer,
        sub,
        azp: request.clientId,
        typ: 'Bearer',
        roles,
        scope,
        iat,
        exp: iat + lifetimes.accessToken,
        jti: randomUUID(),
        ...(family ? { sid: family.familyId } : {}),
        ...userClaims,
      },
      key,
    );
    const response: TokenResponse & { familyId?: string } = {
      access_token: accessToken,
      expires_in: lifetimes.accessToken,
      refresh_expires_in: family ? Math.max(0, family.currentExpiresAt - iat) : 0,
      token_type: 'Bearer',
      'not-before-policy': 0,
      scope,
    };
    if (family) {
      response.refresh_token = family.refreshToken;
      response.familyId = family.familyId;
    }
    if (request.scopes.includes('openid')) {
      response.id_token = await signJwt(
        {
          iss: request.issuer,
          sub,
          aud: request.clientId,
          azp: request.clientId,
          typ: 'ID',
          iat,
          exp: iat + lifetimes.idToken,
          auth_time: authTime,
          ...(request.nonce ? { nonce: request.nonce } : {}),
          ...(family ? { sid: family.familyId } : {}),
          ...userClaims,
        },
        key,
      );
    }
    return response;
  }
}
