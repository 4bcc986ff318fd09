/** AWS KMS over its JSON protocol (JSON 1.1, `TrentService.<Operation>`): signing with a key that never leaves KMS. */
import { JsonRpcClient, type AwsClientOptions, type CallOptions, type JsonRpcService } from './json-rpc.js';

/** The blobs of the outputs used here, which KMS sends base64-encoded. */
const blobMembers = new Set(['Signature', 'PublicKey']);

const kmsService: JsonRpcService = {
  endpointPrefix: 'kms',
  endpointEnv: 'KMS',
  targetPrefix: 'TrentService',
  jsonVersion: '1.1',
  reviveBlobs: (key, value) => (blobMembers.has(key) && typeof value === 'string' ? Buffer.from(value, 'base64') : value),
};

export interface SignInput {
  /** Key id, ARN, alias name or alias ARN. */
  KeyId: string;
  /** The message, or its digest with `MessageType: 'DIGEST'`. */
  Message: Uint8Array;
  MessageType?: 'RAW' | 'DIGEST';
  SigningAlgorithm: string;
}

export interface SignOutput {
  KeyId?: string;
  Signature?: Uint8Array;
  SigningAlgorithm?: string;
}

export interface GetPublicKeyOutput {
  KeyId?: string;
  /** DER-encoded SubjectPublicKeyInfo. */
  PublicKey?: Uint8Array;
  KeySpec?: string;
  KeyUsage?: string;
  SigningAlgorithms?: string[];
}

export class KmsClient {
  private readonly rpc: JsonRpcClient;

  constructor(options?: AwsClientOptions) {
    this.rpc = new JsonRpcClient(kmsService, options);
  }

  sign(input: SignInput, options?: CallOptions): Promise<SignOutput> {
    return this.rpc.call('Sign', input, options);
  }

  getPublicKey(input: { KeyId: string }, options?: CallOptions): Promise<GetPublicKeyOutput> {
    return this.rpc.call('GetPublicKey', input, options);
  }
}
