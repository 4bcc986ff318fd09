/**
 * Deployment settings, read from CDK context (`cdk.json`, or `-c key=value` on the command line).
 * Every setting is optional; a wrong value fails the synth with the context key it came from.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import * as z from 'zod';

/** The retention periods CloudWatch Logs accepts (RetentionDays without INFINITE). */
const retentionPeriods = Object.values(RetentionDays).filter((v): v is number => typeof v === 'number' && v !== RetentionDays.INFINITE);

const logLevel = z.enum(['debug', 'info', 'warn', 'error']);

/** Context values from the command line arrive as strings; JSON in `cdk.json` arrives typed. */
const positiveInt = z.coerce.number().int().positive();
const stringList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  z.array(z.string().regex(/^[A-Za-z0-9-]+$/, 'letters, digits and hyphens only')).min(1),
);

/** `true` or `false`: typed in `cdk.json`, a string from the command line. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]);

const contextSchema = z.object({
  appName: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9-]*$/)
    .default('HouseholdScenarios'),
  domainName: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/, 'a lower-case DNS name')
    .optional(),
  certificateArn: z
    .string()
    .regex(/^arn:aws[a-z-]*:acm:[a-z0-9-]+:\d{12}:certificate\/.+$/, 'an ACM certificate ARN')
    .optional(),
  hostedZoneId: z
    .string()
    .regex(/^Z[A-Z0-9]+$/, 'a Route 53 hosted zone id')
    .optional(),
  hostedZoneName: z.string().optional(),
  alarmEmail: z.email().optional(),
  logLevel: logLevel.default('info'),
  apiRateLimit: positiveInt.default(100),
  apiBurstLimit: positiveInt.default(200),
  workerMaxConcurrency: positiveInt.min(2).max(1000).default(20),
  logRetentionDays: positiveInt
    .refine((days) => retentionPeriods.includes(days), { message: `one of ${retentionPeriods.join(', ')}` })
    .default(30),
  signingKeyGenerations: stringList.default(['1']),
  withdrawnSigningKeyGenerations: stringList.default([]),
  tracing: flag.default(true),
});

export type LogLevel = z.infer<typeof logLevel>;

export interface CustomDomainConfig {
  /** The public host name, e.g. `api.example.com`; the issuer base URL becomes `https://<domainName>`. */
  domainName: string;
  /** An ACM certificate for `domainName`, in the stack's region. */
  certificateArn: string;
  /** When given, an alias record for `domainName` is created in this zone; otherwise point DNS yourself. */
  hostedZone?: { id: string; name: string };
}

export interface DeploymentConfig {
  /** Prefix of the stack names. */
  appName: string;
  customDomain?: CustomDomainConfig;
  /** When given, alarms notify an SNS topic with this e-mail subscription. */
  alarmEmail?: string;
  logLevel: LogLevel;
  /** Default stage throttling (steady requests per second, burst). */
  throttle: { rateLimit: number; burstLimit: number };
  /** The most shard workers running at once: the brake on fan-out. */
  workerMaxConcurrency: number;
  logRetentionDays: RetentionDays;
  /**
   * Signing key generations kept in the account, oldest first; the last one signs. Appending a
   * generation rotates the key (see docs/DEPLOY.md).
   */
  signingKeyGenerations: string[];
  /**
   * Generations still kept (and exported) by the stateful stack that the functions no longer use:
   * the step of a rotation between publishing a retired key and removing it (docs/DEPLOY.md).
   */
  withdrawnSigningKeyGenerations: string[];
  /** X-Ray active tracing of every function, with the Tracer's SDK subsegments (docs/DEPLOY.md, "Tracing"). */
  tracing: boolean;
}

/** Reads and checks the deployment settings from a construct's context. */
export function readDeploymentConfig(node: Node): DeploymentConfig {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(contextSchema.shape)) {
    const value = node.tryGetContext(key);
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const parsed = contextSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `context ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid deployment settings:\n${problems.join('\n')}`);
  }
  const c = parsed.data;
  if ((c.domainName === undefined) !== (c.certificateArn === undefined)) {
    throw new Error('Invalid deployment settings:\ncontext domainName and certificateArn: give both or neither');
  }
  if ((c.hostedZoneId === undefined) !== (c.hostedZoneName === undefined)) {
    throw new Error('Invalid deployment settings:\ncontext hostedZoneId and hostedZoneName: give both or neither');
  }
  if (c.hostedZoneId !== undefined && c.domainName === undefined) {
    throw new Error('Invalid deployment settings:\ncontext hostedZoneId: needs domainName and certificateArn');
  }
  if (new Set(c.signingKeyGenerations).size !== c.signingKeyGenerations.length) {
    throw new Error('Invalid deployment settings:\ncontext signingKeyGenerations: generations must be distinct');
  }
  const current = c.signingKeyGenerations[c.signingKeyGenerations.length - 1];
  for (const withdrawn of c.withdrawnSigningKeyGenerations) {
    if (!c.signingKeyGenerations.includes(withdrawn) || withdrawn === current) {
      throw new Error(
        `Invalid deployment settings:\ncontext withdrawnSigningKeyGenerations: ${withdrawn} must be a generation of ` +
          `signingKeyGenerations other than the last (signing) one`,
      );
    }
  }
  if (c.apiBurstLimit < c.apiRateLimit) {
    throw new Error('Invalid deployment settings:\ncontext apiBurstLimit: must be at least apiRateLimit');
  }
  return {
    appName: c.appName,
    customDomain:
      c.domainName !== undefined && c.certificateArn !== undefined
        ? {
            domainName: c.domainName,
            certificateArn: c.certificateArn,
            hostedZone:
              c.hostedZoneId !== undefined && c.hostedZoneName !== undefined ? { id: c.hostedZoneId, name: c.hostedZoneName } : undefined,
          }
        : undefined,
    alarmEmail: c.alarmEmail,
    logLevel: c.logLevel,
    throttle: { rateLimit: c.apiRateLimit, burstLimit: c.apiBurstLimit },
    workerMaxConcurrency: c.workerMaxConcurrency,
    logRetentionDays: c.logRetentionDays,
    signingKeyGenerations: c.signingKeyGenerations,
    withdrawnSigningKeyGenerations: c.withdrawnSigningKeyGenerations,
    tracing: c.tracing,
  };
}
