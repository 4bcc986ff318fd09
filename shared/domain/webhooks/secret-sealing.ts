/**
 * Webhook signing secrets at rest. Signing needs the secret itself (Standard Webhooks signs with
 * HMAC-SHA256 keyed by it), so it cannot be stored as a hash the way client secrets and passwords
 * are; it is encrypted instead, bound to its realm and endpoint, so a copy of the table, a listing
 * or a log line never holds one readable. In AWS the key is a KMS key (WEBHOOK_SECRET_KEY_ID) that
 * only the functions that register endpoints (encrypt) and deliver (decrypt) may use; locally it
 * is a key file in the data directory (mode 0600, in the 0700 directory), made on first use.
 */
import { createKmsClient } from '../../aws/kms.js';
import { KmsSecretSealer } from './kms-secret-sealer.js';
import type { SecretSealer } from './secret-sealer.js';

let sealer: SecretSealer | undefined;

/** Installs the process's sealer (the local runtime's key file). */
export function useSecretSealer(next: SecretSealer | undefined): void {
  sealer = next;
}

/** The process's sealer: KMS when WEBHOOK_SECRET_KEY_ID is set, else the one the local runtime installed. */
export function secretSealer(): SecretSealer {
  if (!sealer && process.env.WEBHOOK_SECRET_KEY_ID) sealer = new KmsSecretSealer(createKmsClient(), process.env.WEBHOOK_SECRET_KEY_ID);
  if (!sealer) throw new Error('no key for webhook secrets: set WEBHOOK_SECRET_KEY_ID, or run the local runtime');
  return sealer;
}
