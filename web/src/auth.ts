/**
 * Sign-in with the realm's own login page: OpenID Connect authorization code flow with PKCE, as a
 * public client (no secret), through oidc-client-ts. Tokens live in sessionStorage (gone with the
 * tab), are renewed with the refresh token before they expire, and are revoked on sign-out.
 */
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';

export interface SignInSettings {
  realm: string;
  clientId: string;
}

const settingsKey = 'household-scenarios.sign-in';
/** The local runtime's demo realm and its public client: the defaults a first visit offers. */
export const defaultSettings: SignInSettings = { realm: 'demo', clientId: 'demo-web' };

/** Where the login page sends the code back: this app's own address (registered as the client's redirect URI). */
export const redirectUri = `${location.origin}/app`;

export function savedSettings(): SignInSettings {
  const params = new URLSearchParams(location.search);
  let saved: Partial<SignInSettings> = {};
  try {
    saved = JSON.parse(localStorage.getItem(settingsKey) ?? '{}') as Partial<SignInSettings>;
  } catch {
    // A damaged entry is as good as none.
  }
  return {
    realm: params.get('realm') ?? saved.realm ?? defaultSettings.realm,
    clientId: params.get('client') ?? saved.clientId ?? defaultSettings.clientId,
  };
}

let manager: UserManager | undefined;

function managerFor(settings: SignInSettings): UserManager {
  manager = new UserManager({
    authority: `${location.origin}/realms/${encodeURIComponent(settings.realm)}`,
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile',
    // Renewal uses the refresh token (no hidden frame): the login page refuses to be framed.
    automaticSilentRenew: true,
    loadUserInfo: false,
    userStore: new WebStorageStateStore({ store: sessionStorage }),
    stateStore: new WebStorageStateStore({ store: sessionStorage }),
  });
  return manager;
}

function currentManager(): UserManager {
  return manager ?? managerFor(savedSettings());
}

/** Goes to the login page; `returnTo` is the view to come back to. */
export async function signIn(settings: SignInSettings, returnTo: string): Promise<void> {
  localStorage.setItem(settingsKey, JSON.stringify(settings));
  await managerFor(settings).signinRedirect({ state: returnTo });
}

/**
 * On load: finishes a sign-in when the login page sent a code back, then returns the signed-in
 * user (or null) and the view to show.
 */
export async function restoreSession(): Promise<{ user: User | null; returnTo?: string }> {
  const um = currentManager();
  const params = new URLSearchParams(location.search);
  if (params.has('code') || params.has('error')) {
    const user = await um.signinRedirectCallback();
    history.replaceState(null, '', `${location.pathname}${typeof user.state === 'string' ? user.state : '#/'}`);
    return { user, returnTo: typeof user.state === 'string' ? user.state : undefined };
  }
  const user = await um.getUser();
  if (user?.expired) {
    try {
      return { user: await um.signinSilent() };
    } catch {
      await um.removeUser();
      return { user: null };
    }
  }
  return { user };
}

/** The access token for a call, renewed first when it has expired (e.g. after the laptop slept). */
export async function accessToken(): Promise<string | undefined> {
  const um = currentManager();
  let user = await um.getUser();
  if (user?.expired) user = await um.signinSilent().catch(() => null);
  return user?.access_token;
}

export function onUserChange(listener: (user: User | null) => void): () => void {
  const um = currentManager();
  const loaded = (user: User) => listener(user);
  const unloaded = () => listener(null);
  um.events.addUserLoaded(loaded);
  um.events.addUserUnloaded(unloaded);
  um.events.addSilentRenewError(unloaded);
  return () => {
    um.events.removeUserLoaded(loaded);
    um.events.removeUserUnloaded(unloaded);
    um.events.removeSilentRenewError(unloaded);
  };
}

/** Signs out: revokes the refresh token (and with it the login) and the access token, then forgets them. */
export async function signOut(): Promise<void> {
  const um = currentManager();
  try {
    await um.revokeTokens(['refresh_token', 'access_token']);
  } finally {
    await um.removeUser();
  }
}

/** Renews the tokens now (what automatic renewal does shortly before they expire). */
export function renewNow(): Promise<User | null> {
  return currentManager().signinSilent();
}
