/** What seals a webhook secret at rest (secret-sealing.ts chooses the process's sealer). */

/** What an encrypted secret is bound to: it opens only for the same realm and endpoint. */
export interface SealingContext {
  realmId: string;
  webhookId: string;
}

export interface SecretSealer {
  seal(secret: string, context: SealingContext): Promise<string>;
  open(sealed: string, context: SealingContext): Promise<string>;
}
