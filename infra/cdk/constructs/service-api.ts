/**
 * The public HTTP API: one `$default` stage with JSON access logs and throttling, and the base URL
 * that realms' issuers are built on (the custom domain when configured, the API's own URL otherwise).
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { DomainName, HttpApi, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets';
import { Construct } from 'constructs';
import type { CustomDomainConfig } from '../config.js';

/**
 * HTTP API context variables: who, what, outcome and latency of each request. Headers (and so
 * tokens) are never logged.
 */
export const ACCESS_LOG_FIELDS: Record<string, string> = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  httpMethod: '$context.httpMethod',
  routeKey: '$context.routeKey',
  path: '$context.path',
  protocol: '$context.protocol',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationStatus: '$context.integrationStatus',
  integrationLatency: '$context.integrationLatency',
  integrationErrorMessage: '$context.integrationErrorMessage',
};

export interface ServiceApiProps {
  apiName: string;
  throttle: { rateLimit: number; burstLimit: number };
  logRetention: RetentionDays;
  customDomain?: CustomDomainConfig;
}

export class ServiceApi extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  /** `https://<host>` without a trailing slash: what ISSUER_BASE_URL is set to. */
  readonly baseUrl: string;
  readonly domainName?: DomainName;

  constructor(scope: Construct, id: string, props: ServiceApiProps) {
    super(scope, id);

    this.domainName = props.customDomain
      ? new DomainName(this, 'DomainName', {
          domainName: props.customDomain.domainName,
          certificate: Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
        })
      : undefined;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: props.apiName,
      description: 'Household scenario analytics API',
      createDefaultStage: false,
      // With a custom domain the issuer is that domain: closing the execute-api URL leaves one way
      // in, so every token's `iss` matches what the verifiers expect.
      disableExecuteApiEndpoint: props.customDomain !== undefined,
    });

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
      domainMapping: this.domainName ? { domainName: this.domainName } : undefined,
    });

    if (props.customDomain && this.domainName) {
      this.baseUrl = `https://${props.customDomain.domainName}`;
      const zoneConfig = props.customDomain.hostedZone;
      if (zoneConfig) {
        const zone = HostedZone.fromHostedZoneAttributes(this, 'HostedZone', {
          hostedZoneId: zoneConfig.id,
          zoneName: zoneConfig.name,
        });
        const target = RecordTarget.fromAlias(
          new ApiGatewayv2DomainProperties(this.domainName.regionalDomainName, this.domainName.regionalHostedZoneId),
        );
        new ARecord(this, 'AliasRecord', { zone, recordName: props.customDomain.domainName, target });
      }
    } else {
      // The execute-api endpoint is `https://<api-id>.execute-api.<region>.<suffix>`; the functions
      // read it from their environment, which creates no cycle (routes depend on functions, the API
      // resource itself depends on nothing).
      this.baseUrl = this.httpApi.apiEndpoint;
    }
  }
}
