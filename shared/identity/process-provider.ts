import { identityStore } from '../store/identity/process-store.js';
import { IdentityProvider } from './provider.js';
import { signingKeysFromEnvironment } from './signing/from-environment.js';

/** The identity provider on the process's table and signing keys (KMS in the cloud, the key ring locally). */
export function identityProvider(): IdentityProvider {
  return new IdentityProvider(identityStore(), signingKeysFromEnvironment());
}
