/**
 * The web app: its JavaScript's compressed size (budget 300 KB), and the time from opening a
 * scenario's page in a fresh browser (empty cache, already signed in) to its fan chart drawn, on
 * the local runtime in Debian's Chromium (budget 2 s). The build is made afresh first.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildWebApp, webDist } from '../infra/local/web-build.js';
import { launchChromium } from '../test/support/browser.js';
import { runToEnd, startBenchService } from './local-service.js';

const loads = 5;
const paths = 2000;

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export async function run(): Promise<void> {
  await buildWebApp();
  const assets = join(webDist, 'assets');
  const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of scripts) {
    const content = readFileSync(join(assets, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content).length;
  }
  console.log(`  app JavaScript (${scripts.length} files), raw`.padEnd(48), kb(raw));
  console.log('  app JavaScript, gzip -9 (budget 300 KB)'.padEnd(48), kb(gzip));
  console.log('  app JavaScript, brotli'.padEnd(48), kb(brotli));

  const service = await startBenchService();
  const browser = await launchChromium();
  try {
    const example = JSON.parse(readFileSync(new URL('../examples/young-family-mortgage.json', import.meta.url), 'utf8')) as Record<
      string,
      unknown
    >;
    const household = await service.call('POST', '/households', { name: 'Bench', currency: 'USD' });
    const scenario = await service.call('POST', `/households/${household.id}/scenarios`, example);
    await runToEnd(service, `/households/${household.id}/scenarios/${scenario.id}/simulations`, { paths });
    const view = `${service.url}/app#/households/${household.id}/scenarios/${scenario.id}`;

    // Sign in once through the login page, and keep the session the app stored.
    const signIn = await browser.newPage();
    await signIn.goto(`${service.url}/app`);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.getByLabel('Username').fill(service.user.username);
    await signIn.getByLabel('Password').fill(service.user.password);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.getByRole('heading', { name: 'Households' }).waitFor();
    const session = await signIn.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(sessionStorage))));
    await signIn.close();

    const times: number[] = [];
    for (let i = 0; i < loads; i++) {
      // A new context: no cached file, the session put back as the tab would still have it.
      const context = await browser.newContext();
      await context.addInitScript((saved: string) => {
        if (sessionStorage.length === 0)
          for (const [k, v] of Object.entries(JSON.parse(saved) as Record<string, string>)) sessionStorage.setItem(k, v);
      }, session);
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(view);
      await page.locator('[data-chart="fan-netWorth"] g[aria-description="median"] path').waitFor({ timeout: 30_000 });
      times.push(performance.now() - started);
      await context.close();
    }
    times.sort((a, b) => a - b);
    console.log(
      `  first load to chart, median of ${loads} (budget 2 s)`.padEnd(48),
      `${(times[Math.floor(loads / 2)] / 1000).toFixed(2)} s`,
    );
    console.log('  first load to chart, slowest'.padEnd(48), `${(times[loads - 1] / 1000).toFixed(2)} s`);
  } finally {
    await browser.close();
    await service.close();
  }
}

declare const sessionStorage: Record<string, string> & { length: number; setItem(key: string, value: string): void };
