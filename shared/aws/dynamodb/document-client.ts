/**
 * DynamoDB's item operations with plain JavaScript values, converted with `@aws-sdk/util-dynamodb`
 * (the AWS SDK document client's own conversion), undefined members dropped
 * (`removeUndefinedValues`): what the store uses, and nothing of the SDK's runtime.
 */
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { AwsServiceError } from '../errors.js';
import type { AwsClientOptions, CallOptions, JsonRpcClient } from '../json-rpc.js';
import { dynamoDbRpc } from './service.js';
import type {
  BatchGetInput,
  BatchGetOutput,
  BatchWriteInput,
  BatchWriteOutput,
  DeleteInput,
  GetInput,
  GetOutput,
  KeysAndAttributes,
  NativeItem,
  PutInput,
  QueryInput,
  ReadOutput,
  ScanInput,
  UpdateInput,
  WriteOutput,
  WriteRequest,
} from './types.js';

/** An item or key as DynamoDB sends it: attribute name to attribute value. */
type WireItem = Record<string, unknown>;

const toWire = (item: NativeItem): WireItem => marshall(item, { removeUndefinedValues: true });
const fromWire = (item: WireItem): NativeItem => unmarshall(item as Parameters<typeof unmarshall>[0]);
const toWireIfSet = (item: NativeItem | undefined) => (item === undefined ? undefined : toWire(item));
const fromWireIfSet = (item: WireItem | undefined) => (item === undefined ? undefined : fromWire(item));

function mapValues<T, U>(record: Record<string, T> | undefined, convert: (value: T) => U): Record<string, U> | undefined {
  if (record === undefined) return undefined;
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, convert(value)]));
}

function convertKeys<From, To>(keys: KeysAndAttributes<From>, convert: (item: From) => To): KeysAndAttributes<To> {
  return { ...keys, Keys: keys.Keys.map(convert) };
}

function convertWriteRequest<From, To>(request: WriteRequest<From>, convert: (item: From) => To): WriteRequest<To> {
  return 'PutRequest' in request
    ? { PutRequest: { Item: convert(request.PutRequest.Item) } }
    : { DeleteRequest: { Key: convert(request.DeleteRequest.Key) } };
}

export class DocumentClient {
  constructor(private readonly rpc: JsonRpcClient) {}

  async get(input: GetInput, options?: CallOptions): Promise<GetOutput> {
    const out = await this.call<{ Item?: WireItem }>('GetItem', { ...input, Key: toWire(input.Key) }, options);
    return { Item: fromWireIfSet(out.Item) };
  }

  async put(input: PutInput, options?: CallOptions): Promise<WriteOutput> {
    return this.write('PutItem', { ...input, Item: toWire(input.Item), ExpressionAttributeValues: toWireIfSet(input.ExpressionAttributeValues) }, options);
  }

  async update(input: UpdateInput, options?: CallOptions): Promise<WriteOutput> {
    return this.write('UpdateItem', { ...input, Key: toWire(input.Key), ExpressionAttributeValues: toWireIfSet(input.ExpressionAttributeValues) }, options);
  }

  async delete(input: DeleteInput, options?: CallOptions): Promise<WriteOutput> {
    return this.write('DeleteItem', { ...input, Key: toWire(input.Key), ExpressionAttributeValues: toWireIfSet(input.ExpressionAttributeValues) }, options);
  }

  async query(input: QueryInput, options?: CallOptions): Promise<ReadOutput> {
    return this.read('Query', input, options);
  }

  async scan(input: ScanInput, options?: CallOptions): Promise<ReadOutput> {
    return this.read('Scan', input, options);
  }

  async batchGet(input: BatchGetInput, options?: CallOptions): Promise<BatchGetOutput> {
    const out = await this.call<{ Responses?: Record<string, WireItem[]>; UnprocessedKeys?: Record<string, KeysAndAttributes<WireItem>> }>(
      'BatchGetItem',
      { RequestItems: mapValues(input.RequestItems, (keys) => convertKeys(keys, toWire)) },
      options,
    );
    return {
      Responses: mapValues(out.Responses, (items) => items.map(fromWire)),
      UnprocessedKeys: mapValues(out.UnprocessedKeys, (keys) => convertKeys(keys, fromWire)),
    };
  }

  async batchWrite(input: BatchWriteInput, options?: CallOptions): Promise<BatchWriteOutput> {
    const out = await this.call<{ UnprocessedItems?: Record<string, WriteRequest<WireItem>[]> }>(
      'BatchWriteItem',
      { RequestItems: mapValues(input.RequestItems, (requests) => requests.map((request) => convertWriteRequest(request, toWire))) },
      options,
    );
    return { UnprocessedItems: mapValues(out.UnprocessedItems, (requests) => requests.map((request) => convertWriteRequest(request, fromWire))) };
  }

  private async write(operation: string, input: object, options: CallOptions | undefined): Promise<WriteOutput> {
    const out = await this.call<{ Attributes?: WireItem }>(operation, input, options);
    return { Attributes: fromWireIfSet(out.Attributes) };
  }

  private async read(operation: string, input: QueryInput | ScanInput, options: CallOptions | undefined): Promise<ReadOutput> {
    const out = await this.call<{ Items?: WireItem[]; Count?: number; ScannedCount?: number; LastEvaluatedKey?: WireItem }>(
      operation,
      { ...input, ExpressionAttributeValues: toWireIfSet(input.ExpressionAttributeValues), ExclusiveStartKey: toWireIfSet(input.ExclusiveStartKey) },
      options,
    );
    return {
      Items: out.Items?.map(fromWire),
      Count: out.Count,
      ScannedCount: out.ScannedCount,
      LastEvaluatedKey: fromWireIfSet(out.LastEvaluatedKey),
    };
  }

  /** The call, with the items of a cancelled transaction's reasons in plain values too. */
  private async call<Output>(operation: string, input: object, options: CallOptions | undefined): Promise<Output> {
    try {
      return await this.rpc.call<Output>(operation, input, options);
    } catch (error) {
      if (error instanceof AwsServiceError && error.CancellationReasons) {
        error.CancellationReasons = error.CancellationReasons.map((reason) =>
          reason.Item ? { ...reason, Item: fromWire(reason.Item) } : reason,
        );
      }
      throw error;
    }
  }
}

export function createDocumentClient(options?: AwsClientOptions): DocumentClient {
  return new DocumentClient(dynamoDbRpc(options));
}
