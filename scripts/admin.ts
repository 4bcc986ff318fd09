/**
 * `npm run -s admin -- <command>`: realms, clients, users, signing keys, and a realm's usage and quota.
 *
 * Where it works: with TABLE_NAME set, on that (deployed) table with the usual AWS credentials;
 * otherwise on the local data in DATA_DIR (default ./.data). The local store is held by one
 * process at a time, so when `npm start` is running on that DATA_DIR the command talks to the
 * running server's store (its address is in DATA_DIR/store-endpoint.json); otherwise it opens
 * the data itself. Generated secrets and passwords are printed once and stored only as hashes.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { AwsClientOptions } from '../shared/aws/client-config.js';
import { createDocumentClient, createDynamoDbClient } from '../shared/aws/dynamodb.js';
import { grantTypes, type GrantType } from '../shared/domain/identity/entities.js';
import { DomainError } from '../shared/domain/errors.js';
import { domainErrorOf } from '../shared/domain/store-facts.js';
import { createClient, createRealm, createUser } from '../shared/identity/registration.js';
import { LocalKeyRing } from '../shared/identity/signing/local-key-ring.js';
import { IdentityStore } from '../shared/store/identity/identity-store.js';
import { useDynamoClient } from '../shared/store/client.js';
import { setMonthlyQuota } from '../shared/store/usage/quota.js';
import { daysOfMonth, monthOf } from '../shared/domain/usage/calendar.js';
import { usageReport } from '../shared/domain/usage/usage-report.js';
import { usageTable } from './usage-table.js';
import { defaultTableName } from '../shared/store/table.js';
import { storeEndpointFile } from '../infra/local/bootstrap-demo.js';
import { ensureTable, startEmbeddedStore } from '../infra/local/dynalite.js';
import { storeCredentials } from '../infra/local/store-credentials.js';

const usage = `Usage: npm run -s admin -- <command>
  create-realm <realmId>
  create-client <realmId> <clientId> [--secret S] [--redirect-uri U]... [--grant-type G]...
                [--service-account-roles realm-admin|usage-reader|webhook-manager]
  create-client <realmId> <clientId> --public --redirect-uri U...   (a browser app: no secret, PKCE)
  create-user <realmId> <username> [--password P] [--email E]
  list-realms
  usage <realmId> [--month YYYY-MM]       (the realm's usage per day of the month; default: this month, UTC)
  set-quota <realmId> --path-years N | --none   (the realm's monthly path-year quota; runs past it get 429)
  rotate-signing-key            (local key ring in DATA_DIR; with KMS see docs/IDENTITY.md)
Environment: DATA_DIR (local data, default ./.data) or TABLE_NAME and AWS_REGION (a deployed table).`;

interface Connection {
  store: IdentityStore;
  close(): Promise<void>;
}

/** The identity store on a connection's client, which the other stores (usage) then use too. */
function storeOn(client: ReturnType<typeof createDocumentClient>, table: string): IdentityStore {
  useDynamoClient(client);
  return new IdentityStore(client, table);
}

/** The local store answers only the credentials kept in its data directory. */
const localStore = (dataDir: string): AwsClientOptions => ({ region: 'us-east-1', credentials: storeCredentials(dataDir) });

async function runningServerEndpoint(dataDir: string): Promise<string | undefined> {
  let endpoint: string;
  try {
    endpoint = (JSON.parse(await readFile(join(dataDir, storeEndpointFile), 'utf8')) as { endpoint: string }).endpoint;
  } catch {
    return undefined;
  }
  const probe = createDynamoDbClient({ endpoint, ...localStore(dataDir), maxAttempts: 1 });
  try {
    await probe.send(new ListTablesCommand({}), { abortSignal: AbortSignal.timeout(2_000) });
    return endpoint;
  } catch {
    return undefined; // left behind by a server that is gone
  }
}

async function connect(): Promise<Connection> {
  if (process.env.TABLE_NAME) {
    // The SDK's default credential chain: environment, profile, SSO, ... as the AWS CLI finds them.
    return { store: storeOn(createDocumentClient(), process.env.TABLE_NAME), close: async () => {} };
  }
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const running = await runningServerEndpoint(dataDir);
  if (running) {
    return {
      store: storeOn(createDocumentClient({ endpoint: running, ...localStore(dataDir) }), defaultTableName),
      close: async () => {},
    };
  }
  let embedded: Awaited<ReturnType<typeof startEmbeddedStore>>;
  try {
    embedded = await startEmbeddedStore(dataDir);
  } catch (error) {
    throw new Error(
      `Cannot open the local data in ${dataDir} (${(error as Error).message}); if a server holds it, stop it or ` +
        `start it again so that it publishes ${storeEndpointFile}`,
    );
  }
  const connection = { endpoint: embedded.endpoint, region: 'us-east-1', credentials: embedded.credentials };
  await ensureTable(createDynamoDbClient(connection), defaultTableName);
  return { store: storeOn(createDocumentClient(connection), defaultTableName), close: () => embedded.close() };
}

function arg(positionals: string[], index: number, name: string): string {
  const value = positionals[index];
  if (!value) throw new UsageError(`missing <${name}>`);
  return value;
}

class UsageError extends Error {}

async function existingRealm(store: IdentityStore, realmId: string): Promise<string> {
  if (!(await store.realms.get(realmId))) throw new UsageError(`realm ${realmId} does not exist`);
  return realmId;
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      secret: { type: 'string' },
      public: { type: 'boolean' },
      'redirect-uri': { type: 'string', multiple: true },
      'grant-type': { type: 'string', multiple: true },
      'service-account-roles': { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      month: { type: 'string' },
      'path-years': { type: 'string' },
      none: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  if (!command || values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  if (command === 'rotate-signing-key') {
    if (process.env.SIGNING_KEY_ID || process.env.TABLE_NAME) {
      throw new UsageError('in the cloud the key is in KMS: create a new key and list it first in SIGNING_KEY_ID (docs/IDENTITY.md)');
    }
    const ring = LocalKeyRing.inDataDir(resolve(process.env.DATA_DIR ?? '.data'));
    const { kid, retired } = await ring.rotate();
    process.stdout.write(`New signing key ${kid}; retired ${retired.join(', ') || 'none'} (still published until its tokens expire)\n`);
    return;
  }
  const known = ['create-realm', 'create-client', 'create-user', 'list-realms', 'usage', 'set-quota'];
  if (!known.includes(command)) throw new UsageError(`unknown command ${command}`);
  const connection = await connect();
  try {
    const store = connection.store;
    switch (command) {
      case 'create-realm': {
        const realmId = arg(positionals, 1, 'realmId');
        await createRealm(store, realmId);
        process.stdout.write(`Created realm ${realmId}\n`);
        break;
      }
      case 'create-client': {
        const realmId = arg(positionals, 1, 'realmId');
        const clientId = arg(positionals, 2, 'clientId');
        const grants = values['grant-type'];
        const unknown = (grants ?? []).filter((g) => !(grantTypes as readonly string[]).includes(g));
        if (unknown.length > 0) throw new UsageError(`unknown grant type ${unknown.join(', ')}; use ${grantTypes.join(', ')}`);
        const { secret } = await createClient(store, {
          realmId,
          clientId,
          secret: values.secret,
          redirectUris: values['redirect-uri'],
          grantTypes: grants as GrantType[] | undefined,
          serviceAccountRoles: values['service-account-roles']
            ?.split(',')
            .map((role) => role.trim())
            .filter(Boolean),
          public: values.public,
        });
        process.stdout.write(`Created ${values.public ? 'public ' : ''}client ${clientId} in realm ${realmId}\n`);
        if (secret !== undefined && !values.secret) process.stdout.write(`client secret (shown once): ${secret}\n`);
        break;
      }
      case 'create-user': {
        const realmId = await existingRealm(store, arg(positionals, 1, 'realmId'));
        const username = arg(positionals, 2, 'username');
        const { user, password } = await createUser(store, {
          realmId,
          username,
          email: values.email ?? `${username}@example.com`,
          password: values.password,
        });
        process.stdout.write(`Created user ${username} (id ${user.id}) in realm ${realmId}\n`);
        if (!values.password) process.stdout.write(`password (shown once): ${password}\n`);
        break;
      }
      case 'list-realms':
        for (const realm of await store.realms.listAll()) process.stdout.write(`${realm.id}\t${realm.createdAt}\n`);
        break;
      case 'usage': {
        const realmId = await existingRealm(store, arg(positionals, 1, 'realmId'));
        const month = values.month ?? monthOf(new Date());
        if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new UsageError('--month must be YYYY-MM');
        const report = await usageReport(realmId, { ...daysOfMonth(month), granularity: 'DAY' });
        process.stdout.write(usageTable(report, `Usage of realm ${realmId} in ${month} (UTC)`));
        break;
      }
      case 'set-quota': {
        const realmId = await existingRealm(store, arg(positionals, 1, 'realmId'));
        const raw = values['path-years'];
        if ((raw === undefined) === !values.none) throw new UsageError('give either --path-years N or --none');
        const quota = raw === undefined ? undefined : Number(raw);
        if (quota !== undefined && !(Number.isSafeInteger(quota) && quota >= 0)) {
          throw new UsageError('--path-years must be a whole number of at least 0');
        }
        await setMonthlyQuota(realmId, quota);
        process.stdout.write(
          quota === undefined
            ? `Realm ${realmId} has no path-year quota\n`
            : `Realm ${realmId} may run ${quota.toLocaleString('en-US')} path-years a month (UTC)\n`,
        );
        break;
      }
    }
  } finally {
    await connection.close();
  }
}

main(process.argv.slice(2)).catch((thrown: unknown) => {
  const error = domainErrorOf(thrown);
  if (error instanceof UsageError) process.stderr.write(`admin: ${error.message}\n${usage}\n`);
  else if (error instanceof DomainError) {
    const fields = error.errors.map((e) => ` (${e.field} ${e.message})`).join('');
    process.stderr.write(`admin: ${error.message}${fields}\n`);
  } else process.stderr.write(`admin: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
