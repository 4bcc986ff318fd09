/**
 * A webhook receiver on 127.0.0.1 for tests: records every request (headers and raw body) and
 * answers as its plan says: a status, a redirect, or never (the connection is held open).
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answer = number | 'hang' | { redirect: string };

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** Resolves once `count` requests have arrived; rejects after `timeoutMs`. */
  received(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** `plan(n)` answers the n-th request (1-based); 200 by default. */
export async function startReceiver(plan: (n: number) => Answer = () => 200): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  const held: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = plan(requests.length);
      if (answer === 'hang') return void held.push(response);
      if (typeof answer === 'object') return void response.writeHead(302, { Location: answer.redirect }).end();
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    async received(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`received ${requests.length} of ${count} requests`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return requests;
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
