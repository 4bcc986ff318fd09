import { dynamoClient } from '../client.js';
import { tableName } from '../table.js';
import { IdentityStore } from './identity-store.js';

/** The identity store on the process's document client (which the local runtime may replace). */
export function identityStore(): IdentityStore {
  return new IdentityStore(dynamoClient(), tableName());
}
