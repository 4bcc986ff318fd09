/**
 * Where an AWS call goes and as whom, resolved the way the AWS SDKs and CLI do from the
 * environment, so a function needs no configuration of its own: Lambda sets `AWS_REGION` and the
 * role's credentials (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`); the local
 * runtime and tests point a service elsewhere with `AWS_ENDPOINT_URL_<SERVICE>`.
 */

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Called before each request, so a provider may refresh expiring credentials (an operator's SSO session). */
export type CredentialsProvider = () => AwsCredentials | Promise<AwsCredentials>;

type Environment = Record<string, string | undefined>;

export class AwsConfigurationError extends Error {
  override readonly name = 'AwsConfigurationError';
}

/** The credentials in the environment, read at each call (they are never copied into messages). */
export function credentialsFromEnvironment(env: Environment = process.env): CredentialsProvider {
  return () => {
    const accessKeyId = env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey) {
      throw new AwsConfigurationError('AWS credentials are not set: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are required');
    }
    return { accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN || undefined };
  };
}

export function resolveRegion(explicit: string | undefined, env: Environment = process.env): string {
  const region = explicit ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  if (!region) throw new AwsConfigurationError('AWS region is not set: set AWS_REGION');
  return region;
}

/**
 * The service's URL: an explicit one, else `AWS_ENDPOINT_URL_<SERVICE>`, else `AWS_ENDPOINT_URL`,
 * else the regional public endpoint (`https://<prefix>.<region>.amazonaws.com`, `.com.cn` in China).
 */
export function resolveEndpoint(
  service: { endpointPrefix: string; endpointEnv: string },
  region: string,
  explicit: string | undefined,
  env: Environment = process.env,
): string {
  const configured = explicit ?? env[`AWS_ENDPOINT_URL_${service.endpointEnv}`] ?? env.AWS_ENDPOINT_URL;
  if (configured) return configured;
  const domain = region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com';
  return `https://${service.endpointPrefix}.${region}.${domain}`;
}
