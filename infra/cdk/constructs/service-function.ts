/**
 * Every Lambda function of the service: one place for the runtime, bundling, logging and tracing
 * defaults, so that a route's function differs from another only by its code and its grants.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, Architecture, LoggingFormat, Runtime, SystemLogLevel, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { lambdaBundling } from '../bundling.js';
import type { LogLevel } from '../config.js';

/** The configuration every handler reads from its environment. */
export interface ServiceEnvironment {
  TABLE_NAME: string;
  SHARD_QUEUE_URL: string;
  SIGNING_KEY_ID: string;
  ISSUER_BASE_URL: string;
  LOG_LEVEL: LogLevel;
  /** Where webhook deliveries are queued (a run's end and a quota threshold are events). */
  WEBHOOK_QUEUE_URL: string;
  /** The KMS key webhook secrets are sealed with. */
  WEBHOOK_SECRET_KEY_ID: string;
}

export interface ServiceFunctionProps {
  /** Absolute path of the TypeScript module exporting `handler`. */
  entry: string;
  /** Absolute path of the repository root (holds package-lock.json and node_modules). */
  projectRoot: string;
  description: string;
  environment: ServiceEnvironment;
  /** Settings only this function reads. */
  extraEnvironment?: Record<string, string>;
  logRetention: RetentionDays;
  timeout?: Duration;
  memorySize?: number;
  /** Defaults to the common Lambda bundling. */
  bundling?: BundlingOptions;
  /** Concurrency set aside for this function, which is also its ceiling. */
  reservedConcurrentExecutions?: number;
  /**
   * X-Ray active tracing (and its two write actions on the role), with the Tracer on; when false,
   * neither, and the Tracer is told so (`POWERTOOLS_TRACE_ENABLED=false`).
   */
  tracing: boolean;
}

const applicationLogLevel: Record<LogLevel, ApplicationLogLevel> = {
  debug: ApplicationLogLevel.DEBUG,
  info: ApplicationLogLevel.INFO,
  warn: ApplicationLogLevel.WARN,
  error: ApplicationLogLevel.ERROR,
};

export class ServiceFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    // Own log group (retention, removal with the stack) and own role: the role gets only what this
    // function needs, instead of the managed basic-execution policy that writes to any log group.
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.description}`,
    });
    logGroup.grantWrite(role);
    const { tracing } = props;
    if (tracing) {
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'Active X-Ray tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which support no ' +
          "resource-level permissions (Resource '*' is the only form). Every other statement of this role names its " +
          'resources.',
      });
    }

    super(scope, id, {
      entry: props.entry,
      handler: 'handler',
      projectRoot: props.projectRoot,
      depsLockFilePath: `${props.projectRoot}/package-lock.json`,
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(29),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      bundling: props.bundling ?? lambdaBundling,
      role,
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: applicationLogLevel[props.environment.LOG_LEVEL],
      systemLogLevelV2: SystemLogLevel.WARN,
      tracing: tracing ? Tracing.ACTIVE : Tracing.DISABLED,
      environment: {
        ...props.environment,
        ...props.extraEnvironment,
        ...(tracing ? {} : { POWERTOOLS_TRACE_ENABLED: 'false' }),
        // Stack traces in the logs point at the TypeScript sources.
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
  }
}
