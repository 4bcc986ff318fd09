/** The demo realm's user signs in with the password grant, as a client of the service would. */
import type { DemoCredentials } from '../infra/local/bootstrap-demo.js';

export interface TokenGrant {
  access_token: string;
  /** Seconds. */
  expires_in: number;
}

export async function passwordGrant(
  url: string,
  demo: Pick<DemoCredentials, 'realm' | 'clientId' | 'clientSecret' | 'username' | 'password'>,
): Promise<TokenGrant> {
  const response = await fetch(`${url}/realms/${demo.realm}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
      username: demo.username,
      password: demo.password,
    }),
  });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenGrant;
}
