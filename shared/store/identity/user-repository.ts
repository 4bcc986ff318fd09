/**
 * Users, with usernames unique per realm (case-insensitive). DynamoDB Local's stand-in has no
 * transactions, so uniqueness rests on a claim item per username written with a condition before
 * the user item; a claim left behind by a crash between the two writes is taken over once it is
 * older than `orphanClaimSeconds` and its user does not exist.
 */
import { ulid } from 'ulid';
import type { ReadOutput } from '../../aws/dynamodb.js';
import { ConditionFailed, UniqueValueTaken } from '../facts.js';
import { isConditionFailed } from '../conditional.js';
import { realmKey } from '../table.js';
import type { IdentityTable } from './identity-table.js';

export interface User {
  realmId: string;
  id: string;
  username: string;
  email: string;
  /** scrypt hash; never leaves the store layer in a response (see `toPublicUser`). */
  passwordHash: string;
  /** Epoch milliseconds of the last password change: every login made before it has ended. */
  credentialsChangedAt?: number;
  roles: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

export const userKeys = {
  user: (realmId: string, userId: string) => ({ pk: realmKey(realmId, `USER#${userId}`), sk: 'USER' }),
  /** gsi1: the realm's users, in the order they were created (`U#<userId>`, ULIDs sort by time). */
  usersIndex: (realmId: string) => realmKey(realmId, 'USERS'),
  usersIndexSort: (userId: string) => `U#${userId}`,
  /** The claim that makes a username unique in its realm, whatever its case. */
  username: (realmId: string, username: string) => ({ pk: realmKey(realmId, `USERNAME#${username.toLowerCase()}`), sk: 'USERNAME' }),
};

const orphanClaimSeconds = 60;

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  roles: string[];
}

export class UserRepository {
  constructor(private readonly t: IdentityTable) {}

  async get(realmId: string, userId: string): Promise<User | undefined> {
    const out = await this.t.doc.get({ TableName: this.t.tableName, Key: userKeys.user(realmId, userId), ConsistentRead: true });
    return out.Item ? toUser(out.Item) : undefined;
  }

  async findByUsername(realmId: string, username: string): Promise<User | undefined> {
    const claim = await this.t.doc.get({
      TableName: this.t.tableName,
      Key: userKeys.username(realmId, username),
      ConsistentRead: true,
    });
    if (!claim.Item) return undefined;
    const user = await this.get(realmId, claim.Item.userId as string);
    return user && user.username.toLowerCase() === username.toLowerCase() ? user : undefined;
  }

  async create(realmId: string, input: NewUser, now = new Date()): Promise<User> {
    const at = now.toISOString();
    const user: User = { realmId, id: ulid(now.getTime()), ...input, createdAt: at, updatedAt: at, version: 1 };
    await this.claimUsername(realmId, user.username, user.id, now);
    await this.t.doc.put({
      TableName: this.t.tableName,
      Item: this.item(user),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    return user;
  }

  /** Writes the change on condition that the user is still at the version `current` was read at. */
  async replace(current: User, change: { username: string; email: string; passwordHash?: string }, now = new Date()): Promise<User> {
    const { realmId, id: userId } = current;
    const renamed = current.username.toLowerCase() !== change.username.toLowerCase();
    if (renamed) await this.claimUsername(realmId, change.username, userId, now);
    const next: User = {
      ...current,
      username: change.username,
      email: change.email,
      passwordHash: change.passwordHash ?? current.passwordHash,
      ...(change.passwordHash !== undefined ? { credentialsChangedAt: now.getTime() } : {}),
      updatedAt: now.toISOString(),
      version: current.version + 1,
    };
    try {
      await this.t.doc.put({
        TableName: this.t.tableName,
        Item: this.item(next),
        ConditionExpression: 'version = :seen',
        ExpressionAttributeValues: { ':seen': current.version },
      });
    } catch (error) {
      if (renamed) await this.releaseUsername(realmId, change.username, userId);
      if (isConditionFailed(error)) throw new ConditionFailed();
      throw error;
    }
    if (renamed) await this.releaseUsername(realmId, current.username, userId);
    return next;
  }

  async delete(current: User): Promise<void> {
    try {
      await this.t.doc.delete({
        TableName: this.t.tableName,
        Key: userKeys.user(current.realmId, current.id),
        ConditionExpression: 'version = :seen',
        ExpressionAttributeValues: { ':seen': current.version },
      });
    } catch (error) {
      if (isConditionFailed(error)) throw new ConditionFailed();
      throw error;
    }
    await this.releaseUsername(current.realmId, current.username, current.id);
  }

  /** Every user of the realm, oldest first (a realm's users are a bounded set; lists sort and page them). */
  async listAll(realmId: string): Promise<User[]> {
    const users: User[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out: ReadOutput = await this.t.doc.query({
        TableName: this.t.tableName,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': userKeys.usersIndex(realmId) },
        ExclusiveStartKey: start,
      });
      users.push(...(out.Items ?? []).map(toUser));
      start = out.LastEvaluatedKey;
    } while (start);
    return users;
  }

  private item(user: User): Record<string, unknown> {
    return {
      ...userKeys.user(user.realmId, user.id),
      entity: 'user',
      ...user,
      gsi1pk: userKeys.usersIndex(user.realmId),
      gsi1sk: userKeys.usersIndexSort(user.id),
    };
  }

  private async claimUsername(realmId: string, username: string, userId: string, now: Date): Promise<void> {
    const key = userKeys.username(realmId, username);
    const put = (condition: string, values?: Record<string, unknown>) =>
      this.t.doc.put({
        TableName: this.t.tableName,
        Item: { ...key, entity: 'username', userId, claimedAt: now.toISOString() },
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
      });
    try {
      await put('attribute_not_exists(pk)');
      return;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    const existing = await this.t.doc.get({ TableName: this.t.tableName, Key: key, ConsistentRead: true });
    const holder = existing.Item?.userId as string | undefined;
    const claimedAt = Date.parse((existing.Item?.claimedAt as string | undefined) ?? '');
    const orphan = holder !== undefined && now.getTime() - claimedAt > orphanClaimSeconds * 1000 && !(await this.get(realmId, holder));
    if (orphan) {
      try {
        await put('userId = :orphan', { ':orphan': holder });
        return;
      } catch (error) {
        if (!isConditionFailed(error)) throw error;
      }
    }
    throw new UniqueValueTaken('username');
  }

  private async releaseUsername(realmId: string, username: string, userId: string): Promise<void> {
    try {
      await this.t.doc.delete({
        TableName: this.t.tableName,
        Key: userKeys.username(realmId, username),
        ConditionExpression: 'userId = :me',
        ExpressionAttributeValues: { ':me': userId },
      });
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
  }
}

function toUser(item: Record<string, unknown>): User {
  return {
    realmId: item.realmId as string,
    id: item.id as string,
    username: item.username as string,
    email: item.email as string,
    passwordHash: item.passwordHash as string,
    ...(typeof item.credentialsChangedAt === 'number' ? { credentialsChangedAt: item.credentialsChangedAt } : {}),
    roles: (item.roles as string[] | undefined) ?? [],
    createdAt: item.createdAt as string,
    updatedAt: item.updatedAt as string,
    version: item.version as number,
  };
}
