/**
 * The local runtime's durable queue messages: one item per message not yet deleted, in a table of
 * their own beside the service's (`<table>-local-queue`; a deployment's queues are SQS and never
 * use it). A queue's messages share a partition (the queue's name); the sort key is the message's
 * key, a ULID, so a read returns them in the order they were sent. An item is written when its
 * message is sent, updated when it is received (its receive count) or delayed (when it becomes
 * visible), and deleted when its handler succeeds or it goes to the dead-letter list: after a
 * crash, the items are exactly the messages still owed a delivery.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { createDynamoDbClient, ensureTableExists } from '../aws/dynamodb.js';
import type { DurableMessage, MessageStore } from '../queue/types.js';
import { dynamoClient } from './client.js';
import { isConditionFailed } from './conditional.js';
import { queryAll } from './query-all.js';
import { tableName } from './table.js';

export const localQueueTableName = () => `${tableName()}-local-queue`;

export const queueMessageKeys = {
  message: (queue: string, key: string) => ({ pk: queue, sk: key }),
};

function localQueueTable(): CreateTableCommandInput {
  return {
    TableName: localQueueTableName(),
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
  };
}

/** Creates the local queue table unless it exists (the store's endpoint comes from the environment). */
export async function ensureLocalQueueTable(): Promise<void> {
  const client = createDynamoDbClient();
  try {
    await ensureTableExists(client, localQueueTable());
  } finally {
    client.destroy();
  }
}

const toMessage = (item: Record<string, unknown>): DurableMessage => ({
  key: item.sk as string,
  messageId: item.messageId as string,
  body: item.body as string,
  sentAt: item.sentAt as number,
  receiveCount: item.receiveCount as number,
  firstReceivedAt: item.firstReceivedAt as number | undefined,
  visibleAt: item.visibleAt as number,
});

/** The messages of queue `queue`, kept in the local queue table. */
export function storedQueueMessages(queue: string): MessageStore {
  const table = localQueueTableName;
  return {
    async list() {
      const items = await queryAll({
        TableName: table(),
        KeyConditionExpression: 'pk = :queue',
        ExpressionAttributeValues: { ':queue': queue },
        ConsistentRead: true,
      });
      return items.map(toMessage);
    },
    async put(messages) {
      // One write per message: a batch write may leave items unprocessed, and these are few.
      await Promise.all(
        messages.map((message) =>
          dynamoClient().put({
            TableName: table(),
            Item: { ...queueMessageKeys.message(queue, message.key), ...message, key: undefined },
          }),
        ),
      );
    },
    async update(message) {
      await dynamoClient()
        .update({
          TableName: table(),
          Key: queueMessageKeys.message(queue, message.key),
          // Only a message still stored is updated: one deleted meanwhile stays deleted.
          ConditionExpression: 'attribute_exists(pk)',
          UpdateExpression: `SET receiveCount = :count, visibleAt = :visible${message.firstReceivedAt ? ', firstReceivedAt = :first' : ''}`,
          ExpressionAttributeValues: {
            ':count': message.receiveCount,
            ':visible': message.visibleAt,
            ...(message.firstReceivedAt ? { ':first': message.firstReceivedAt } : {}),
          },
        })
        .catch((error: unknown) => {
          if (!isConditionFailed(error)) throw error;
        });
    },
    async remove(key) {
      await dynamoClient().delete({ TableName: table(), Key: queueMessageKeys.message(queue, key) });
    },
  };
}
