/** Amazon SQS over its JSON protocol (JSON 1.0, `AmazonSQS.<Operation>`): what the shard queue sends and polls. */
import { JsonRpcClient, type AwsClientOptions, type CallOptions, type JsonRpcService } from './json-rpc.js';

const sqsService: JsonRpcService = { endpointPrefix: 'sqs', endpointEnv: 'SQS', targetPrefix: 'AmazonSQS', jsonVersion: '1.0' };
/** How much longer than its wait a long poll's attempt may stay silent. */
const LONG_POLL_MARGIN_MS = 10_000;

export interface SendMessageBatchInput {
  QueueUrl: string;
  /** At most 10; `Id` is unique within the batch. */
  Entries: { Id: string; MessageBody: string; DelaySeconds?: number }[];
}

/** An entry SQS did not take; `SenderFault` means sending it again cannot help. */
export interface BatchResultError {
  Id: string;
  SenderFault: boolean;
  Code: string;
  Message?: string;
}

export interface SendMessageBatchOutput {
  Successful?: { Id: string; MessageId: string; MD5OfMessageBody: string }[];
  Failed?: BatchResultError[];
}

export interface ReceiveMessageInput {
  QueueUrl: string;
  MaxNumberOfMessages?: number;
  WaitTimeSeconds?: number;
  VisibilityTimeout?: number;
  MessageSystemAttributeNames?: string[];
}

export interface Message {
  MessageId?: string;
  ReceiptHandle?: string;
  MD5OfBody?: string;
  Body?: string;
  Attributes?: Record<string, string>;
}

export interface ReceiveMessageOutput {
  Messages?: Message[];
}

export interface DeleteMessageBatchInput {
  QueueUrl: string;
  Entries: { Id: string; ReceiptHandle: string }[];
}

export interface DeleteMessageBatchOutput {
  Successful?: { Id: string }[];
  Failed?: BatchResultError[];
}

export class SqsClient {
  private readonly rpc: JsonRpcClient;

  constructor(options?: AwsClientOptions) {
    this.rpc = new JsonRpcClient(sqsService, options);
  }

  get region(): string {
    return this.rpc.region;
  }

  sendMessageBatch(input: SendMessageBatchInput, options?: CallOptions): Promise<SendMessageBatchOutput> {
    return this.rpc.call('SendMessageBatch', input, options);
  }

  receiveMessage(input: ReceiveMessageInput, options: CallOptions = {}): Promise<ReceiveMessageOutput> {
    // A long poll is silent on purpose for up to WaitTimeSeconds: the attempt may take that long.
    const waitMs = (input.WaitTimeSeconds ?? 0) * 1000;
    return this.rpc.call('ReceiveMessage', input, waitMs > 0 && options.timeoutMs === undefined ? { ...options, timeoutMs: waitMs + LONG_POLL_MARGIN_MS } : options);
  }

  deleteMessageBatch(input: DeleteMessageBatchInput, options?: CallOptions): Promise<DeleteMessageBatchOutput> {
    return this.rpc.call('DeleteMessageBatch', input, options);
  }
}
