/**
 * Inputs and outputs of the document client: DynamoDB's own shapes, with plain JavaScript values
 * where DynamoDB has attribute values (as the AWS SDK's document client takes and returns them).
 * Only the members the project uses are declared; the legacy parameters (`Expected`,
 * `AttributeUpdates`, `KeyConditions`, ...) are left out so that no unmarshalled value reaches
 * DynamoDB through them.
 */
import type { NativeAttributeValue } from '@aws-sdk/util-dynamodb';

export type NativeItem = Record<string, NativeAttributeValue>;

interface Expressions {
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: NativeItem;
}

interface Conditional extends Expressions {
  ConditionExpression?: string;
}

export interface GetInput {
  TableName: string;
  Key: NativeItem;
  ConsistentRead?: boolean;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
}

export interface GetOutput {
  Item?: NativeItem;
}

export interface PutInput extends Conditional {
  TableName: string;
  Item: NativeItem;
  ReturnValues?: 'NONE' | 'ALL_OLD';
}

export interface UpdateInput extends Conditional {
  TableName: string;
  Key: NativeItem;
  UpdateExpression: string;
  ReturnValues?: 'NONE' | 'ALL_OLD' | 'UPDATED_OLD' | 'ALL_NEW' | 'UPDATED_NEW';
}

export interface DeleteInput extends Conditional {
  TableName: string;
  Key: NativeItem;
  ReturnValues?: 'NONE' | 'ALL_OLD';
}

/** Put, update and delete return the item's attributes when `ReturnValues` asks for them. */
export interface WriteOutput {
  Attributes?: NativeItem;
}

interface Read extends Expressions {
  TableName: string;
  IndexName?: string;
  FilterExpression?: string;
  ProjectionExpression?: string;
  ConsistentRead?: boolean;
  Limit?: number;
  ExclusiveStartKey?: NativeItem;
  Select?: 'ALL_ATTRIBUTES' | 'ALL_PROJECTED_ATTRIBUTES' | 'SPECIFIC_ATTRIBUTES' | 'COUNT';
}

export interface QueryInput extends Read {
  KeyConditionExpression: string;
  ScanIndexForward?: boolean;
}

export interface ScanInput extends Read {
  Segment?: number;
  TotalSegments?: number;
}

/** A page of a query or scan; `LastEvaluatedKey` is set when there are more. */
export interface ReadOutput {
  Items?: NativeItem[];
  Count?: number;
  ScannedCount?: number;
  LastEvaluatedKey?: NativeItem;
}

export interface KeysAndAttributes<Key = NativeItem> {
  Keys: Key[];
  ConsistentRead?: boolean;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
}

export interface BatchGetInput {
  RequestItems: Record<string, KeysAndAttributes>;
}

export interface BatchGetOutput {
  Responses?: Record<string, NativeItem[]>;
  /** Keys DynamoDB did not read this time (throughput or size limits): the caller asks again. */
  UnprocessedKeys?: Record<string, KeysAndAttributes>;
}

/** A put or a delete of a batch write (items and keys in plain values unless said otherwise). */
export type WriteRequest<Item = NativeItem> = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Item } };

export interface BatchWriteInput {
  RequestItems: Record<string, WriteRequest[]>;
}

export interface BatchWriteOutput {
  /** Requests DynamoDB did not apply this time: the caller sends them again. */
  UnprocessedItems?: Record<string, WriteRequest[]>;
}
