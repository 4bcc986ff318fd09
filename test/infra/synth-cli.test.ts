/**
 * The real `npm run synth`, offline, as a user runs it; and the real bundling path of one handler
 * (NodejsFunction running the installed esbuild), imported and invoked in a fresh Node process.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.js';
import { bundlingFor, esbuildOptions } from '../../infra/cdk/bundling.js';
import { ESM_REQUIRE_BANNER } from '../../infra/esm-require-banner.js';
import { ServiceFunction, type ServiceFunctionProps } from '../../infra/cdk/constructs/service-function.js';
import { PROJECT_ROOT } from '../../infra/cdk/create-app.js';
import { handlerEntry } from '../../infra/cdk/route-plan.js';

/** No account or region: the synth must not need either. */
function withoutAccount(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const key of ['CDK_DEFAULT_ACCOUNT', 'CDK_DEFAULT_REGION', 'AWS_PROFILE', 'AWS_REGION', 'AWS_DEFAULT_REGION']) delete copy[key];
  return copy;
}

// Inside the repository (.tmp is ignored by git), next to node_modules: a bundle that wrongly left a
// package out would still load here, so the test checks the bundle's imports explicitly below.
mkdirSync(join(PROJECT_ROOT, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(PROJECT_ROOT, '.tmp', 'infra-synth-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run synth', () => {
  it('synthesizes both stacks offline with cdk-nag passing', () => {
    const out = join(scratch, 'cdk.out');
    // `--exclusively <stateful stack>` is the CLI's way to skip bundling the other stack's ~30
    // functions (it refuses `aws:` context keys); the whole app is still synthesized and validated.
    const result = spawnSync('npm', ['run', '-s', 'synth', '--', '--exclusively', 'HouseholdScenarios-Stateful', '-o', out], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      env: withoutAccount(process.env),
      timeout: 110_000,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/AwsSolutions-|Synthesis finished with errors/);
    const report = JSON.parse(readFileSync(join(out, 'validation-report.json'), 'utf8'));
    expect(report.pluginReports).toEqual([]);
    for (const stack of ['HouseholdScenarios-Stateful', 'HouseholdScenarios-Stateless']) {
      const template = JSON.parse(readFileSync(join(out, `${stack}.template.json`), 'utf8'));
      expect(Object.keys(template.Resources).length).toBeGreaterThan(0);
    }
    const stateless = JSON.parse(readFileSync(join(out, 'HouseholdScenarios-Stateless.template.json'), 'utf8'));
    const routeKeys = Object.values(stateless.Resources as Record<string, { Type: string; Properties: { RouteKey: string } }>)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map((r) => r.Properties.RouteKey);
    expect(routeKeys.length).toBe(routes.length + 1);
    // The route functions' nested stacks, one per area, written beside it as assets of its deployment.
    const nested = readdirSync(out).filter((file) => file.endsWith('.nested.template.json'));
    expect(nested.length).toBe(new Set(routes.map((r) => r.handler.split('/')[0])).size);
    for (const file of nested) {
      const resources = Object.values(JSON.parse(readFileSync(join(out, file), 'utf8')).Resources as Record<string, { Type: string }>);
      expect(
        resources.some((r) => r.Type === 'AWS::Lambda::Function'),
        file,
      ).toBe(true);
    }
  });
});

/** What each bundling probe's function is deployed with, besides its entry. */
const PROBE_SETTINGS = {
  description: 'bundling probe',
  environment: {
    TABLE_NAME: 't',
    SHARD_QUEUE_URL: 'q',
    SIGNING_KEY_ID: 'k',
    ISSUER_BASE_URL: 'https://api.example.com',
    LOG_LEVEL: 'error',
    WEBHOOK_QUEUE_URL: 'w',
    WEBHOOK_SECRET_KEY_ID: 'wk',
  },
  logRetention: RetentionDays.ONE_DAY,
  tracing: true,
} satisfies Partial<ServiceFunctionProps>;

describe('bundling a real handler', () => {
  const health = routes.find((r) => r.method === 'GET' && r.path === '/health');

  it('NodejsFunction bundles it locally as minified ESM that runs and answers an API Gateway event', () => {
    expect(health).toBeDefined();
    const app = new App({ outdir: join(scratch, 'bundle.out') });
    const stack = new Stack(app, 'BundleProbe');
    new ServiceFunction(stack, 'HealthFunction', {
      entry: handlerEntry(PROJECT_ROOT, health!.handler),
      projectRoot: PROJECT_ROOT,
      ...PROBE_SETTINGS,
    });
    const assembly = app.synth();
    const assets = readdirSync(assembly.directory).filter((d) => d.startsWith('asset.'));
    expect(assets.length).toBe(1);
    const assetDir = join(assembly.directory, assets[0]);
    const code = JSON.stringify(Template.fromStack(stack).findResources('AWS::Lambda::Function'));
    expect(code).toContain(`${assets[0].slice('asset.'.length)}.zip`);
    expect(readdirSync(assetDir).sort()).toEqual(['index.mjs', 'index.mjs.map']);
    const bundle = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(bundle.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    expect(bundle).not.toMatch(/\bmodule\.exports\s*=/);
    // Minified: nearly all the code stands on very long lines (newlines survive only inside
    // template literals); unminified esbuild output has lines of a few dozen characters.
    const onLongLines = bundle
      .split('\n')
      .filter((l) => l.length > 1000)
      .reduce((sum, l) => sum + l.length, 0);
    expect(onLongLines).toBeGreaterThan(bundle.length * 0.9);

    const invoke = `
      const { handler } = await import(${JSON.stringify(pathToFileURL(join(assetDir, 'index.mjs')).href)});
      const event = { version: '2.0', routeKey: 'GET /health', rawPath: '/health', rawQueryString: '',
        headers: { host: 'api.example.com', 'x-forwarded-proto': 'https' },
        requestContext: { http: { method: 'GET', path: '/health', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'probe' },
          requestId: 'probe-1', routeKey: 'GET /health', stage: '$default', domainName: 'api.example.com', timeEpoch: Date.now() },
        isBase64Encoded: false };
      const result = await handler(event, { awsRequestId: 'probe-1', getRemainingTimeInMillis: () => 29000 });
      process.stdout.write(JSON.stringify(result));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', invoke], {
      cwd: scratch,
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'error', AWS_REGION: 'eu-west-1', TABLE_NAME: 'household-scenarios' },
    });
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ status: 'UP' });
  });

  it("copies a handler's run-time files beside its bundle: the docs page's renderer is served outside the repository", () => {
    const app = new App({ outdir: join(scratch, 'docs-bundle.out') });
    const stack = new Stack(app, 'DocsBundleProbe');
    new ServiceFunction(stack, 'DocsScriptFunction', {
      entry: handlerEntry(PROJECT_ROOT, 'system/docs-script'),
      projectRoot: PROJECT_ROOT,
      bundling: bundlingFor('system/docs-script'),
      ...PROBE_SETTINGS,
    });
    const assembly = app.synth();
    const asset = readdirSync(assembly.directory).find((d) => d.startsWith('asset.'))!;
    expect(readdirSync(join(assembly.directory, asset)).sort()).toEqual(['index.mjs', 'index.mjs.map', 'redoc.standalone.js']);
    // Away from node_modules, as in Lambda: the handler must find the file beside itself.
    const away = mkdtempSync(join(tmpdir(), 'docs-bundle-'));
    try {
      cpSync(join(assembly.directory, asset), away, { recursive: true });
      const invoke = `
        const { handler } = await import(${JSON.stringify(pathToFileURL(join(away, 'index.mjs')).href)});
        const event = {
          version: '2.0', routeKey: 'GET /docs/redoc.standalone.js', rawPath: '/docs/redoc.standalone.js', rawQueryString: '', headers: {},
          requestContext: {
            http: { method: 'GET', path: '/docs/redoc.standalone.js' }, requestId: 'probe-2', domainName: 'api.example.com',
          },
          isBase64Encoded: false,
        };
        const result = await handler(event, { awsRequestId: 'probe-2' });
        const { statusCode: status, headers, body } = result;
        process.stdout.write(JSON.stringify({ status, type: headers['Content-Type'], length: body.length }));`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', invoke], {
        cwd: away,
        encoding: 'utf8',
        env: { ...process.env, LOG_LEVEL: 'error' },
      });
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({
        status: 200,
        type: 'text/javascript;charset=UTF-8',
        length: readFileSync(join(PROJECT_ROOT, 'node_modules/redoc/bundles/redoc.standalone.js'), 'utf8').length,
      });
    } finally {
      rmSync(away, { recursive: true, force: true });
    }
  });

  it('the bench builds the same bundle through the esbuild API, self-contained, with the AWS SDK in it', async () => {
    const outfile = join(scratch, 'esbuild', 'index.mjs');
    const result = await build(esbuildOptions(handlerEntry(PROJECT_ROOT, health!.handler), outfile));
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile!.inputs);
    // The store's DynamoDB document client, from the SDK's ES module build (which esbuild tree-shakes).
    expect(inputs.some((i) => i.includes('node_modules/@aws-sdk/client-dynamodb/dist-es/'))).toBe(true);
    expect(inputs.some((i) => i.includes('node_modules/@aws-sdk/lib-dynamodb/dist-es/'))).toBe(true);
    expect(inputs.filter((i) => /node_modules\/@aws-sdk\/[^/]+\/dist-cjs\//.test(i))).toEqual([]);
    const output = Object.values(result.metafile!.outputs).find((o) => o.entryPoint !== undefined)!;
    const externalAtLoad = output.imports.filter((i) => i.external && i.kind === 'import-statement' && !isBuiltin(i.path));
    expect(externalAtLoad.map((i) => i.path)).toEqual([]);
    const probeDir = readdirSync(join(scratch, 'bundle.out')).find((d) => d.startsWith('asset.'));
    expect(probeDir).toBeDefined();
    const strip = (code: string) => code.replace(/\/\/# sourceMappingURL=.*\s*$/, '');
    const viaCdk = strip(readFileSync(join(scratch, 'bundle.out', probeDir!, 'index.mjs'), 'utf8'));
    const viaApi = strip(readFileSync(outfile, 'utf8'));
    expect(viaApi).toBe(viaCdk);
    expect(existsSync(`${outfile}.map`)).toBe(true);
  });
});
