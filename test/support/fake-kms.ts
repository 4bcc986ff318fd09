/** KMS's answers for a stand-in (`fake-aws-service.ts`), from a real RSA key pair per key id, as AWS KMS gives them (blobs in base64). */
import { constants, createPublicKey, privateEncrypt, type KeyObject } from 'node:crypto';
import { kmsSigningAlgorithm } from '../../shared/identity/signing/kms-signer.js';
import type { Answer, ReceivedRequest } from './fake-aws-service.js';

/** DER DigestInfo header for SHA-256 (RFC 8017 §9.2): what PKCS#1 v1.5 signs in front of the digest. */
const sha256DigestInfoPrefix = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export function fakeKms(keys: Map<string, KeyObject>, signingAlgorithms = [kmsSigningAlgorithm]) {
  return (request: ReceivedRequest): Answer => {
    const keyId = String(request.input.KeyId);
    const privateKey = keys.get(keyId);
    if (!privateKey) return { status: 400, body: { __type: 'NotFoundException', message: `Key '${keyId}' does not exist` } };
    if (request.target === 'TrentService.GetPublicKey') {
      const der = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
      return {
        status: 200,
        body: {
          KeyId: keyId,
          PublicKey: der.toString('base64'),
          KeySpec: 'RSA_2048',
          KeyUsage: 'SIGN_VERIFY',
          SigningAlgorithms: signingAlgorithms,
        },
      };
    }
    if (request.target === 'TrentService.Sign' && request.input.MessageType === 'DIGEST') {
      const digest = Buffer.from(String(request.input.Message), 'base64');
      const signature = privateEncrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([sha256DigestInfoPrefix, digest]),
      );
      return {
        status: 200,
        body: { KeyId: keyId, Signature: signature.toString('base64'), SigningAlgorithm: request.input.SigningAlgorithm },
      };
    }
    return { status: 400, body: { __type: 'com.amazonaws.kms#ValidationException', message: `unexpected ${request.target}` } };
  };
}
