/**
 * Run in a child process with the environment under test: prints whether tracing is on and the
 * middleware each of the service's SDK clients carries, as its factory makes it.
 */
import { createDocumentClient } from '../../../shared/aws/dynamodb.js';
import { createKmsClient } from '../../../shared/aws/kms.js';
import { createSqsClient } from '../../../shared/aws/sqs.js';
import { tracer } from '../../../shared/aws/tracing.js';

const middleware = (client: { middlewareStack: { identify(): string[] } }) => client.middlewareStack.identify();

process.stdout.write(
  JSON.stringify({
    tracing: tracer.isTracingEnabled(),
    dynamodb: middleware(createDocumentClient().sdk),
    sqs: middleware(createSqsClient()),
    kms: middleware(createKmsClient()),
  }),
);
