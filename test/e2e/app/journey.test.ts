/**
 * The web app's journey in Debian's Chromium against the real local runtime: sign in as the demo
 * user on the realm's login page (public client, PKCE), create a household and a scenario from the
 * young-family example, run 2,000 paths and see the fan chart drawn, renew the tokens silently,
 * make a what-if copy retiring later, compare the two, delete the household, sign out. The figures
 * the page shows are checked against the API's own documents; screenshots of the output and the
 * comparison go to test-output/app/.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebApp } from '../../../infra/local/web-build.js';
import { launchChromium } from '../../support/browser.js';
import { startRunHarness, type RunHarness } from '../runs/harness.js';

/** The page's session storage, where the app keeps its tokens (these callbacks run in the browser). */
declare const sessionStorage: Record<string, string> & { getItem(key: string): string | null; setItem(key: string, value: string): void };

const outputDir = new URL('../../../test-output/app/', import.meta.url).pathname;
const paths = 2000;

let harness: RunHarness;
let browser: Browser;
let page: Page;
let password: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  await ensureWebApp();
  mkdirSync(outputDir, { recursive: true });
  harness = await startRunHarness({});
  password = (JSON.parse(await readFile(`${harness.server.dataDir}/demo-credentials.json`, 'utf8')) as { password: string }).password;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('dialog', (dialog) => void dialog.accept());
  // A script error in the page fails the journey with its message, not with a timeout.
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 180_000);

afterEach(async (context) => {
  // What the page showed when a step failed, beside the other screenshots.
  if (context.task.result?.state === 'fail')
    await page?.screenshot({ path: `${outputDir}failed-step.png`, fullPage: true }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

/** The ids in the page's hash: `#/households/<h>/scenarios/<s>`. */
function idsInUrl(): { householdId: string; scenarioId?: string; comparisonId?: string } {
  const parts = new URL(page.url()).hash.replace(/^#\//, '').split('/');
  return {
    householdId: parts[1],
    ...(parts[2] === 'scenarios' ? { scenarioId: parts[3] } : {}),
    ...(parts[2] === 'comparisons' ? { comparisonId: parts[3] } : {}),
  };
}

async function apiGet(path: string): Promise<any> {
  const response = await harness.http.get(path, { token: harness.token });
  expect(response.status, `${path}: ${response.text}`).toBe(200);
  return response.body;
}

/** The points of an SVG path's `d`: one per move or line command. */
async function pointsOf(selector: string): Promise<number> {
  const d = await page.locator(selector).first().getAttribute('d');
  return (d?.match(/[ML]/g) ?? []).length;
}

/** Runs the scenario on screen and waits for its fan chart. */
async function runAndWaitForFan(): Promise<void> {
  await page.getByLabel('Paths', { exact: true }).fill(String(paths));
  await page.getByRole('button', { name: 'Run simulation' }).click();
  await page.locator('[data-chart="fan-netWorth"] svg, .field-error').first().waitFor({ timeout: 100_000 });
  expect(pageErrors).toEqual([]);
  expect(await page.locator('.field-error').allTextContents()).toEqual([]);
}

/** The page's own formatting (the browser's locale is en-US). */
const percentText = (x: number) =>
  new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x);

describe('the web app', () => {
  let householdId: string;
  let baselineId: string;
  let alternativeId: string;

  it('signs in through the realm login page as the demo user (authorization code + PKCE, no secret)', async () => {
    await page.goto(`${harness.server.url}/app`);
    await page.getByLabel('Organisation (realm)').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/realms\/demo\/protocol\/openid-connect\/auth\?/);
    const login = new URL(page.url());
    expect(login.searchParams.get('client_id')).toBe('demo-web');
    expect(login.searchParams.get('code_challenge_method')).toBe('S256');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Households' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true);
  });

  it('creates a household and a scenario from the young-family example', async () => {
    await page.getByLabel('Name').fill('Journey household');
    await page.getByRole('button', { name: 'Create household' }).click();
    await page.getByRole('heading', { name: /Journey household/ }).waitFor();
    householdId = idsInUrl().householdId;
    await page.getByRole('link', { name: 'New scenario' }).click();
    await page.getByLabel('Start from').selectOption('young-family-mortgage');
    await expect(page.getByLabel('Members 1: Id').inputValue()).resolves.toBe('alex');
    await page.getByRole('button', { name: 'Create scenario' }).click();
    await page.getByRole('heading', { name: 'Young family with a mortgage' }).waitFor();
    baselineId = idsInUrl().scenarioId!;
    const stored = await apiGet(`/households/${householdId}/scenarios/${baselineId}`);
    expect(stored.members.map((m: { id: string }) => m.id)).toEqual(['alex', 'sam', 'mia', 'leo']);
  });

  it('shows an API error next to the field it names', async () => {
    await page.getByRole('tab', { name: 'Edit' }).click();
    await page.getByLabel('Members 1: Birth year').fill('1700');
    await page.getByRole('button', { name: 'Save scenario' }).click();
    const error = page.locator('#field-members-0--birthYear-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/\S/);
    await expect(page.getByLabel('Members 1: Birth year').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByRole('tab', { name: 'Results' }).click();
  });

  it('runs 2,000 paths and draws the fan chart with the output document own figures', async () => {
    await runAndWaitForFan();
    const output = await apiGet(`/households/${householdId}/scenarios/${baselineId}/output`);
    expect(output.metadata.paths).toBe(paths);
    // The fan: two bands and the median, each drawn through every year of the output.
    const fan = '[data-chart="fan-netWorth"]';
    for (const mark of ['p5 to p95 band', 'p25 to p75 band', 'median']) {
      await expect(page.locator(`${fan} g[aria-description="${mark}"] path`).count(), mark).resolves.toBe(1);
    }
    // Drawn by alex's age, through the last year alex is alive on at least 0.5% of the paths.
    const years = output.timeSeries.length - [...output.timeSeries].reverse().findIndex((t: any) => t.members.alex.alive >= 0.005);
    expect(years).toBeGreaterThan(60);
    expect(await pointsOf(`${fan} g[aria-description="median"] path`)).toBe(years);
    // An area's outline runs along both edges.
    expect(await pointsOf(`${fan} g[aria-description="p5 to p95 band"] path`)).toBe(2 * years);
    // The other charts are drawn too.
    expect(await pointsOf('[data-chart="depletion"] g[aria-description="probability of depletion"] path')).toBe(years);
    await expect(page.locator('[data-chart="goals"] g[aria-description="achievability"] rect').count()).resolves.toBe(
      output.summary.goals.length,
    );
    await expect(page.locator('.timeline li').count()).resolves.toBe(output.lives[1].events.length);

    const success = page.locator('[data-figure="success"]');
    expect(await success.textContent()).toBe(percentText(output.summary.probabilityOfSuccess));
    expect(Number(await success.getAttribute('data-value'))).toBe(output.summary.probabilityOfSuccess);
    const estate = page.locator('[data-figure="terminal-estate-median"]');
    expect(Number(await estate.getAttribute('data-value'))).toBe(output.summary.terminalEstate.p50);
    expect(Number((await estate.textContent())!.replace(/[^0-9.-]/g, ''))).toBe(Math.round(output.summary.terminalEstate.p50));

    // Liquid assets in nominal money: the same chart, other series.
    await page.getByLabel('Liquid assets', { exact: true }).check();
    await page.getByLabel('Nominal').check();
    await page.locator('[data-chart="fan-liquidAssets"] g[aria-description="median"] path').waitFor();
    await page.getByLabel('Net worth', { exact: true }).check();
    await page.getByLabel("Today's money").check();
    await page.locator('[data-chart="fan-netWorth"] g[aria-description="median"] path').waitFor();
    await page.screenshot({ path: `${outputDir}output.png`, fullPage: true });
    // On a phone: one column, the charts redrawn to the narrower width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(async () => Number(await page.locator('[data-chart="fan-netWorth"] svg').last().getAttribute('width')))
      .toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${outputDir}output-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The CSV download is the API's own CSV of the output.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const saved = await readFile((await download.path())!, 'utf8');
    const fromApi = await fetch(`${harness.server.url}/households/${householdId}/scenarios/${baselineId}/output`, {
      headers: { Authorization: `Bearer ${harness.token}`, Accept: 'text/csv' },
    });
    expect(fromApi.status).toBe(200);
    expect(saved).toBe(await fromApi.text());
    expect(saved.split('\n').length).toBeGreaterThan(years);
  });

  it('renews its tokens with the refresh token when they have expired', async () => {
    const key = await page.evaluate(() => Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!);
    const before = await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k)!) as { access_token: string; expires_at: number }, key);
    await page.evaluate(
      ([k, user]) => sessionStorage.setItem(k, JSON.stringify({ ...user, expires_at: Math.floor(Date.now() / 1000) - 10 })),
      [key, before] as const,
    );
    await page.reload();
    await page.locator('[data-figure="success"]').waitFor();
    const after = await page.evaluate((k) => JSON.parse(sessionStorage.getItem(k)!) as { access_token: string; expires_at: number }, key);
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.expires_at).toBeGreaterThan(Date.now() / 1000);
  });

  it('runs a sensitivity analysis and draws its tornado, one bar per input and direction', async () => {
    await page.getByRole('tab', { name: 'Analyses' }).click();
    await page.getByLabel('Analysis', { exact: true }).selectOption('SENSITIVITY');
    await page.getByLabel('Paths').fill('300');
    await page.getByRole('button', { name: 'Run analysis' }).click();
    await page.locator('[data-chart="tornado"] g[aria-description="tornado bars"], #analysis-error').first().waitFor({ timeout: 100_000 });
    expect(await page.locator('#analysis-error').allTextContents()).toEqual([]);
    const list = await apiGet(`/households/${householdId}/scenarios/${baselineId}/analyses`);
    const run = await apiGet(`/households/${householdId}/scenarios/${baselineId}/analyses/${list.content[0].id}`);
    const inputs = run.analysis.sensitivity.inputs;
    expect(inputs.length).toBeGreaterThan(3);
    await expect(page.locator('[data-chart="tornado"] g[aria-description="tornado bars"] rect').count()).resolves.toBe(2 * inputs.length);
    // Largest swing on top, as the document orders them.
    const labels = await page.locator('[data-analysis="sensitivity"] tbody th').allTextContents();
    expect(labels).toEqual(inputs.map((i: { input: string }) => i.input.replace(/_/g, ' ').toLowerCase()));
    await page.locator('[data-analysis="sensitivity"]').screenshot({ path: `${outputDir}tornado.png` });
  });

  it('runs a stress test and tabulates every shock with its figures', async () => {
    await page.getByLabel('Analysis', { exact: true }).selectOption('STRESS');
    await page.getByLabel('Paths').fill('300');
    await page.getByRole('button', { name: 'Run analysis' }).click();
    await page.locator('[data-analysis="stress"] tbody tr, #analysis-error').first().waitFor({ timeout: 100_000 });
    expect(await page.locator('#analysis-error').allTextContents()).toEqual([]);
    const list = await apiGet(`/households/${householdId}/scenarios/${baselineId}/analyses?sort=createdAt,desc`);
    const run = await apiGet(`/households/${householdId}/scenarios/${baselineId}/analyses/${list.content[0].id}`);
    const shocks = run.analysis.stress.shocks;
    expect(await page.locator('[data-analysis="stress"] tbody th').allTextContents()).toEqual(
      shocks.map((s: { description: string }) => s.description),
    );
    const successes = await page.locator('[data-analysis="stress"] tbody tr td:nth-child(2)').allTextContents();
    expect(successes).toEqual(shocks.map((s: { outcome: { success: number } }) => percentText(s.outcome.success)));
  });

  it('makes a what-if copy retiring later and runs it', async () => {
    await page.getByRole('tab', { name: 'What if…' }).click();
    await page.getByLabel('Change').selectOption({ label: 'Retirement age of alex' });
    await page.getByLabel(/New value/).fill('70');
    await page.getByRole('button', { name: 'Make the copy' }).click();
    await page.getByRole('heading', { name: /alex retires at 70/ }).waitFor();
    alternativeId = idsInUrl().scenarioId!;
    expect(alternativeId).not.toBe(baselineId);
    const copy = await apiGet(`/households/${householdId}/scenarios/${alternativeId}`);
    expect(copy.members.find((m: { id: string }) => m.id === 'alex').retirementAge).toBe(70);
    expect(copy.members.find((m: { id: string }) => m.id === 'sam').retirementAge).toBe(65);
    await runAndWaitForFan();
  });

  it('compares the two and shows the difference in success with its 95% interval, and both fans', async () => {
    await page.getByRole('link', { name: 'Journey household' }).click();
    await page.getByLabel('Baseline').selectOption(baselineId);
    await page.getByLabel('Alternative').selectOption(alternativeId);
    await page.getByLabel('Paths').fill(String(paths));
    await page.getByRole('button', { name: 'Compare' }).click();
    const interval = page.locator('[data-figure="success-interval"]');
    await interval.waitFor({ timeout: 150_000 });
    const { comparisonId } = idsInUrl();
    const run = await apiGet(`/households/${householdId}/comparisons/${comparisonId}`);
    const success = run.comparison.summary.find((f: { figure: string }) => f.figure === 'probabilityOfSuccess');
    expect(run.baselineScenarioId).toBe(baselineId);
    expect(Number(await page.locator('[data-figure="success-difference"]').getAttribute('data-value'))).toBe(success.difference);
    expect(Number(await interval.getAttribute('data-low'))).toBe(success.interval95[0]);
    expect(Number(await interval.getAttribute('data-high'))).toBe(success.interval95[1]);
    expect(await interval.textContent()).toMatch(/pts to .*pts/);
    expect(await page.locator('[data-figure="failed-to-succeeded"]').textContent()).toBe(
      run.comparison.outcomeChanges.failedToSucceeded.toLocaleString('en-US'),
    );
    // Both fans: a band and a median for each scenario.
    await page.locator('[data-chart="overlay"] g[aria-description="baseline median"]').waitFor();
    for (const mark of ['baseline p5 to p95 band', 'alternative p5 to p95 band', 'baseline median', 'alternative median']) {
      await expect(page.locator(`[data-chart="overlay"] g[aria-description="${mark}"] path`).count(), mark).resolves.toBe(1);
    }
    await page.screenshot({ path: `${outputDir}comparison.png`, fullPage: true });
  });

  it('deletes the household, and signing out revokes the tokens', async () => {
    await page.getByRole('link', { name: 'Journey household' }).click();
    await page.getByRole('button', { name: 'Delete household' }).click();
    await page.getByRole('heading', { name: 'Households' }).waitFor();
    const gone = await harness.http.get(`/households/${householdId}`, { token: harness.token });
    expect(gone.status).toBe(404);

    const key = await page.evaluate(() => Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!);
    const { access_token: accessToken } = await page.evaluate(
      (k) => JSON.parse(sessionStorage.getItem(k)!) as { access_token: string },
      key,
    );
    expect((await harness.http.get('/households', { token: accessToken })).status).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await harness.http.get('/households', { token: accessToken })).status).toBe(401);
  });
});
