/**
 * A stand-in for an AWS JSON RPC service on loopback: it checks each request's SigV4 signature
 * (computed here with node:crypto, independently of the client's signer), records what it got, and
 * answers what the test says.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export const fakeCredentials = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'fake-secret-access-key',
  sessionToken: 'fake-session-token',
};

export interface ReceivedRequest {
  /** The `X-Amz-Target` header: `<service prefix>.<Operation>`. */
  target: string;
  contentType: string;
  input: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** `<date>/<region>/<service>/aws4_request`, from the Authorization header. */
  credentialScope: string;
  signatureValid: boolean;
}

export interface Answer {
  status: number;
  body: unknown;
}

export interface FakeAwsService {
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Recomputes the signature of a POST to `/` (AWS Signature Version 4) with the fake secret. */
function signatureMatches(headers: IncomingHttpHeaders, body: string): { scope: string; valid: boolean } {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
    headers.authorization ?? '',
  );
  if (!match) return { scope: '', valid: false };
  const [, accessKeyId, scope, signedHeaders, signature] = match;
  const canonicalHeaders = signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(body)].join('\n');
  const amzDate = String(headers['x-amz-date']);
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const [date, region, service] = scope.split('/');
  const key = hmac(hmac(hmac(hmac(`AWS4${fakeCredentials.secretAccessKey}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  return { scope, valid: accessKeyId === fakeCredentials.accessKeyId && expected === signature };
}

export async function startFakeAwsService(answer: (request: ReceivedRequest) => Answer): Promise<FakeAwsService> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const { scope, valid } = signatureMatches(req.headers, body);
      const request: ReceivedRequest = {
        target: String(req.headers['x-amz-target']),
        contentType: String(req.headers['content-type']),
        input: JSON.parse(body) as Record<string, unknown>,
        headers: req.headers,
        credentialScope: scope,
        signatureValid: valid,
      };
      requests.push(request);
      const { status, body: out } = answer(request);
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': `request-${requests.length}` });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
