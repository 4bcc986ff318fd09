import { createKmsClient } from '../../aws/kms.js';
import { KmsSigningKeys } from './kms-signer.js';
import { LocalKeyRing } from './local-key-ring.js';
import type { SigningKeySource } from './signing-key.js';

let source: SigningKeySource | undefined;

/** The process's signing keys: KMS when SIGNING_KEY_ID is set, otherwise the key ring under DATA_DIR. */
export function signingKeysFromEnvironment(env: NodeJS.ProcessEnv = process.env): SigningKeySource {
  if (!source) {
    source = env.SIGNING_KEY_ID
      ? KmsSigningKeys.fromSetting(createKmsClient(), env.SIGNING_KEY_ID)
      : LocalKeyRing.inDataDir(env.DATA_DIR ?? '.data');
  }
  return source;
}

/** Lets a composition root (the local runtime, a test) choose the source explicitly. */
export function useSigningKeys(chosen: SigningKeySource): void {
  source = chosen;
}
