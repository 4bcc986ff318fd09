/**
 * An adviser's journey in Debian's Chromium against the real local runtime: sign in as the demo
 * user, build a couple of 55 and 52 (two salaries, a mortgage, two 401(k)s, a child going to
 * university) entirely through the forms, run it, and see the same chance of success on Results,
 * in a comparison and in each analysis; edit spending and see the results marked out of date at
 * once; open the cash flow; download the client report as a PDF and read its pages and text.
 * Every main view is checked (view-checks.ts: axe-core, no codes, ids or over-precise numbers,
 * no sideways scrolling at 390 px) and screenshotted at 1440 and 390 px into test-output/app/.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildWebApp } from '../../../infra/local/web-build.js';
import { launchChromium } from '../../support/browser.js';
import { startRunHarness, type RunHarness } from '../runs/harness.js';
import { checkView } from './view-checks.js';

/** The page's session storage, where the app keeps its tokens (these callbacks run in the browser). */
declare const sessionStorage: Record<string, string> & { getItem(key: string): string | null; setItem(key: string, value: string): void };

const outputDir = new URL('../../../test-output/app/', import.meta.url).pathname;
/** Lives per run: the scenario's own number, set in its form. */
const LIVES = 400;

let harness: RunHarness;
let browser: Browser;
let page: Page;
let password: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  // The app as it is in this tree, not a build left from before.
  await buildWebApp();
  mkdirSync(outputDir, { recursive: true });
  harness = await startRunHarness({});
  password = (JSON.parse(await readFile(`${harness.server.dataDir}/demo-credentials.json`, 'utf8')) as { password: string }).password;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page.on('dialog', (dialog) => void dialog.accept());
  // A script error in the page fails the journey with its message, not with a timeout.
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 240_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await page?.screenshot({ path: `${outputDir}failed-step.png`, fullPage: true }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

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

/** An item of a form's list, by its legend: "Person 2", "Account 3". */
const item = (legend: string): Locator => page.getByRole('group', { name: new RegExp(`^${legend}\\b`) });

/** Adds an item of a kind to a list and returns it. */
async function addItem(list: string, noun: string, kind: string | null, index: number): Promise<Locator> {
  if (kind) await page.getByLabel(`Kind of ${noun} to add`).selectOption(kind);
  await page.getByRole('button', { name: `Add ${noun}`, exact: true }).click();
  const added = item(`${list} ${index}`);
  await added.waitFor();
  return added;
}

const startYear = new Date().getFullYear();

describe('an adviser builds, runs, compares, analyses and reports on a couple', () => {
  let householdId: string;
  let baselineId: string;
  let success: string;
  let ids: string[] = [];

  it('signs in through the realm login page as the demo user (authorization code + PKCE, no secret)', async () => {
    await page.goto(`${harness.server.url}/app`);
    await page.getByLabel('Organisation (realm)').waitFor();
    await checkView(page, outputDir, 'sign-in', { ids: [] });
    // A mistyped organisation is said to be unknown, not met with silence.
    await page.getByLabel('Organisation (realm)').fill('no-such-organisation');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/No organisation called “no-such-organisation”/);
    await page.getByLabel('Organisation (realm)').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/realms\/demo\/protocol\/openid-connect\/auth\?/);
    expect(new URL(page.url()).searchParams.get('code_challenge_method')).toBe('S256');
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Households' }).waitFor();
  });

  it('creates a household', async () => {
    await checkView(page, outputDir, 'households', { ids: [] });
    await page.getByLabel('Name').fill('The Riveras');
    await page.getByRole('button', { name: 'Create household' }).click();
    await page.getByRole('heading', { name: /The Riveras/ }).waitFor();
    householdId = idsInUrl().householdId;
  });

  it('builds the couple entirely through the forms', async () => {
    await page.getByRole('link', { name: 'New scenario' }).click();
    await page.getByLabel('Name of the plan').fill('Riveras: retire at 65 and 62');

    const alex = item('Person 1');
    await alex.getByLabel('Name', { exact: true }).fill('Alex');
    await alex.getByLabel('Year of birth').fill(String(startYear - 55));
    await alex.getByLabel('Sex').selectOption({ label: 'Male' });
    await alex.getByLabel('Retirement age').fill('65');
    const sam = await addItem('Person', 'person', null, 2);
    await sam.getByLabel('Name', { exact: true }).fill('Sam');
    await sam.getByLabel('Year of birth').fill(String(startYear - 52));
    await sam.getByLabel('Retirement age').fill('62');
    const mia = await addItem('Person', 'person', null, 3);
    await mia.getByLabel('Name', { exact: true }).fill('Mia');
    await mia.getByLabel('Role').selectOption({ label: 'Child or dependant' });
    await mia.getByLabel('Year of birth').fill(String(startYear - 14));

    for (const [index, who, amount] of [
      [1, 'Alex', '120000'],
      [2, 'Sam', '85000'],
    ] as const) {
      const salary = await addItem('Income', 'income', 'SALARY', index);
      await salary.getByLabel('Name', { exact: true }).fill(`${who}'s salary`);
      await salary.getByLabel('Whose').selectOption({ label: who });
      await salary.getByLabel('Amount').fill(amount);
    }

    const living = item('Expense 1');
    await living.getByLabel('Amount').fill('95000');
    await living.getByLabel('Essential part').fill('70');
    await living.getByLabel('In retirement').fill('85');

    for (const [index, who, balance] of [
      [2, 'Alex', '420000'],
      [3, 'Sam', '260000'],
    ] as const) {
      const k401 = await addItem('Account', 'account', 'RETIREMENT', index);
      await k401.getByLabel('Name', { exact: true }).fill(`${who}'s 401(k)`);
      await k401.getByLabel('Owner', { exact: true }).selectOption({ label: who });
      await k401.getByLabel('Balance').fill(balance);
      await k401.getByLabel('Can be drawn from age').fill('60');
      await k401.getByLabel(/contribution$/).fill('10');
      await k401.getByLabel('Employer match').fill('50');
      await k401.getByLabel('Matched up to').fill('6');
    }

    const home = await addItem('Property', 'property', 'RESIDENCE', 1);
    await home.getByLabel('Name', { exact: true }).fill('Home');
    await home.getByLabel('Value today').fill('650000');
    const mortgage = await addItem('Debt', 'debt', 'MORTGAGE', 1);
    await mortgage.getByLabel('Name', { exact: true }).fill('Mortgage');
    await mortgage.getByLabel('Owed today').fill('280000');
    await mortgage.getByLabel('Fixed rate').fill('5.25');
    await mortgage.getByLabel('Years left').fill('20');
    await mortgage.getByLabel('Secured on').selectOption({ label: 'Home' });

    const university = await addItem('Goal', 'goal', 'EDUCATION', 1);
    await university.getByLabel('Name', { exact: true }).fill('Mia’s university');
    await university.getByLabel('Amount').fill('32000');
    await university.getByLabel('For', { exact: true }).selectOption({ label: 'Mia' });
    await university.getByLabel('At age').fill('18');
    await university.getByLabel('Repeats every').fill('1');
    await university.getByLabel('Times in all').fill('4');

    await page.getByLabel('Lives simulated').fill(String(LIVES));
    await checkView(page, outputDir, 'new-scenario-form', { ids: [] });
    await page.getByRole('button', { name: 'Create scenario' }).click();
    await page.getByRole('heading', { name: 'Riveras: retire at 65 and 62' }).waitFor({ timeout: 20_000 });
    baselineId = idsInUrl().scenarioId!;

    const stored = await apiGet(`/households/${householdId}/scenarios/${baselineId}`);
    expect(stored.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Alex', 'PRIMARY'],
      ['Sam', 'PARTNER'],
      ['Mia', 'DEPENDANT'],
    ]);
    const [alexId, samId, miaId] = stored.members.map((m: { id: string }) => m.id);
    expect(stored.incomes.map((i: any) => [i.type, i.memberId, i.amount])).toEqual([
      ['SALARY', alexId, 120000],
      ['SALARY', samId, 85000],
    ]);
    expect(stored.expenses[0]).toMatchObject({ amount: 95000, essentialFraction: 0.7, retirementFactor: 0.85 });
    const k401s = stored.accounts.filter((a: any) => a.type === 'RETIREMENT');
    expect(k401s.map((a: any) => [a.ownerId, a.balance, a.contributionFraction, a.employerMatch, a.employerMatchLimit])).toEqual([
      [alexId, 420000, 0.1, 0.5, 0.06],
      [samId, 260000, 0.1, 0.5, 0.06],
    ]);
    expect(stored.liabilities[0]).toMatchObject({
      type: 'MORTGAGE',
      balance: 280000,
      rate: { type: 'FIXED', annual: 0.0525 },
      remainingYears: 20,
      propertyId: stored.properties[0].id,
    });
    expect(stored.goals[0]).toMatchObject({ type: 'EDUCATION', memberId: miaId, age: 18, recurrence: { everyYears: 1, times: 4 } });
    // A seed was stored with the scenario, and its own number of lives.
    expect(Number.isSafeInteger(stored.simulation.seed)).toBe(true);
    expect(stored.simulation.paths).toBe(LIVES);
    ids = ['members', 'incomes', 'expenses', 'accounts', 'properties', 'liabilities', 'goals'].flatMap((k) =>
      stored[k].map((x: { id: string }) => x.id),
    );
  });

  it('runs it on its own seed and lives and shows the figures in words', async () => {
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page.locator('[data-chart="fan-netWorth"] svg, .field-error').first().waitFor({ timeout: 120_000 });
    expect(pageErrors).toEqual([]);
    expect(await page.locator('.field-error').allTextContents()).toEqual([]);
    const output = await apiGet(`/households/${householdId}/scenarios/${baselineId}/output`);
    expect(output.metadata.paths).toBe(LIVES);
    // The horizon runs to Sam's 120th year (the youngest adult), not Mia's.
    expect(output.metadata.years).toBe(120 - 52);
    const shown = page.locator('[data-figure="success"]');
    expect(Number(await shown.getAttribute('data-value'))).toBe(output.summary.probabilityOfSuccess);
    success = (await shown.textContent())!;
    // 400 lives: a standard error of half a point or more, so whole percentages.
    expect(success).toBe(`${Math.round(output.summary.probabilityOfSuccess * 100)}%`);
    expect(Number(await page.locator('[data-figure="cash-squeeze"]').getAttribute('data-value'))).toBe(
      output.summary.probabilityOfCashSqueeze,
    );
    // The fan stops where fewer than 100 lives still run, and says at which age.
    const drawn = output.timeSeries.findIndex((t: { paths: number }) => t.paths < 100);
    const median = await page.locator('[data-chart="fan-netWorth"] g[aria-description="median"] path').getAttribute('d');
    expect((median!.match(/[ML]/g) ?? []).length).toBe(drawn < 0 ? output.timeSeries.length : drawn);
    if (drawn >= 0) await expect(page.locator('[data-fan-cut]').textContent()).resolves.toMatch(/fewer than 100/);
    await checkView(page, outputDir, 'results', { ids });
  });

  it('moves between the scenario tabs with the arrow keys', async () => {
    await page.getByRole('tab', { name: /^Results/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Cash flow' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: /^Results/ }).getAttribute('aria-selected')).resolves.toBe('true');
  });

  it('opens the cash flow, one row per year of the median life', async () => {
    await page.getByRole('button', { name: 'Cash flow, year by year' }).click();
    const output = await apiGet(`/households/${householdId}/scenarios/${baselineId}/output`);
    const median = output.lives.find((l: { label: string }) => l.label === 'P50');
    await expect(page.locator('[data-table="cash-flow"] tbody tr').count()).resolves.toBe(median.years.length);
    await checkView(page, outputDir, 'cash-flow', { ids });
  });

  it('shows the same chance of success in each analysis', async () => {
    await page.getByRole('tab', { name: 'Analyses' }).click();
    for (const kind of ['SENSITIVITY', 'STRESS', 'DIAGNOSE'] as const) {
      await page.getByLabel('Analysis', { exact: true }).selectOption(kind);
      await page.getByRole('button', { name: 'Run analysis' }).click();
      const figure = page.locator(`[data-analysis="${kind.toLowerCase()}"] [data-figure="analysis-success"], #analysis-error`).first();
      await figure.waitFor({ timeout: 180_000 });
      expect(await page.locator('#analysis-error').allTextContents()).toEqual([]);
      expect(await figure.textContent(), kind).toBe(success);
      if (kind === 'SENSITIVITY') await checkView(page, outputDir, 'analysis-sensitivity', { ids });
    }
    // The earlier analyses are listed with the plan's success.
    await expect
      .poll(() => page.locator('[data-table="saved-analyses"] tbody tr td:nth-child(4)').allTextContents(), { timeout: 10_000 })
      .toEqual([success, success, success]);
    await checkView(page, outputDir, 'analyses', { ids });
  });

  it('makes a what-if copy and compares it, the baseline with the same chance of success', async () => {
    await page.getByRole('tab', { name: 'What if…' }).click();
    await page.getByLabel('Change').selectOption({ label: 'Retirement age of Alex' });
    await page.getByLabel(/New value/).fill('67');
    await page.getByRole('button', { name: 'Make the copy' }).click();
    await page.getByRole('heading', { name: /Alex retires at 67/ }).waitFor();
    await page.getByRole('link', { name: 'The Riveras' }).click();
    await page.getByLabel('Baseline').waitFor();
    await page.locator('[data-last-result="Riveras: retire at 65 and 62"]').waitFor();
    expect(await page.locator('[data-last-result="Riveras: retire at 65 and 62"] strong').textContent()).toBe(success);
    await page.getByLabel('Baseline').selectOption({ label: 'Riveras: retire at 65 and 62' });
    await page.getByLabel('Alternative').selectOption({ label: 'Riveras: retire at 65 and 62: Alex retires at 67' });
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.locator('[data-figure="baseline-success"]').waitFor({ timeout: 180_000 });
    expect(await page.locator('[data-figure="baseline-success"]').textContent()).toBe(success);
    const run = await apiGet(`/households/${householdId}/comparisons/${idsInUrl().comparisonId}`);
    expect(run.paths).toBe(LIVES);
    await page.locator('[data-chart="difference"] g[aria-description="median difference"]').waitFor();
    // The difference fan: its bands, the medians' interval, and a row per year in its table, as the document has them.
    const document = run.comparison;
    const fanYears = document.timeSeries.filter((t: any) => t.pairedPaths >= 100);
    expect(fanYears.length).toBeGreaterThan(10);
    for (const band of ['p5 to p95 band', 'p25 to p75 band', 'interval low', 'interval high'])
      await page.locator(`[data-chart="difference"] g[aria-description="${band}"]`).waitFor();
    await expect(page.locator('[data-table="difference"] tbody tr').count()).resolves.toBe(fanYears.length);
    // The medians are drawn over the same years as the fan.
    await expect(page.locator('[data-chart="medians"] tbody tr').count()).resolves.toBe(fanYears.length);
    // Said in words: the last year in which at least half of the lives run in both.
    const later = fanYears.filter((t: any) => t.pairedPaths >= LIVES / 2).at(-1);
    expect(later.medianNetWorthDifferenceInterval95[0]).toBeLessThanOrEqual(later.medianNetWorthDifference);
    expect(later.medianNetWorthDifferenceInterval95[1]).toBeGreaterThanOrEqual(later.medianNetWorthDifference);
    await expect(page.locator('[data-words="difference"]').textContent()).resolves.toMatch(
      new RegExp(`^In ${later.calendarYear}, the median net worth of .* \\(95% interval .* to .*, today’s money\\)`),
    );
    await checkView(page, outputDir, 'comparison', { ids });
    await page.getByRole('link', { name: 'The Riveras' }).click();
    await page.locator('[data-table="saved-comparisons"] tbody tr').first().waitFor();
    await checkView(page, outputDir, 'household', { ids });
  });

  it('marks the results out of date as soon as spending is edited, and runs again', async () => {
    await page.getByRole('link', { name: 'Riveras: retire at 65 and 62', exact: true }).click();
    await page.locator('[data-figure="success"]').waitFor();
    await expect(page.locator('[data-stale]').count()).resolves.toBe(0);
    await page.getByRole('tab', { name: 'Edit' }).click();
    await item('Expense 1').getByLabel('Amount').fill('99000');
    await page.locator('[data-stale]').waitFor({ timeout: 1_000 });
    await expect(page.getByRole('tab', { name: /^Results/ }).textContent()).resolves.toBe('Results (out of date)');
    await checkView(page, outputDir, 'edit', { ids });
    await page.getByRole('button', { name: 'Save and run again' }).click();
    await page.locator('[data-stale]').waitFor({ state: 'detached', timeout: 120_000 });
    const stored = await apiGet(`/households/${householdId}/scenarios/${baselineId}`);
    expect(stored.expenses[0].amount).toBe(99000);
    const output = await apiGet(`/households/${householdId}/scenarios/${baselineId}/output`);
    expect(output.stale).toBeFalsy();
    success = (await page.locator('[data-figure="success"]').textContent())!;
  });

  it('downloads the client report as a PDF holding the chance of success', async () => {
    await page.getByRole('tab', { name: 'Client report' }).click();
    await page.getByRole('button', { name: 'Download PDF' }).waitFor();
    await checkView(page, outputDir, 'report', { ids });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    const pdf = (await readFile((await download.path())!)).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    const pages = (pdf.match(/\/Type \/Page\b(?!s)/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pdf).toContain(`/Count ${pages}`);
    // The page text, as its show-text operators hold it.
    const text = [...pdf.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
    expect(text).toContain('Chance of success');
    expect(text).toContain(success);
    expect(text).toContain('Riveras: retire at 65 and 62');
  });

  it('signs out, which revokes the tokens', async () => {
    const key = await page.evaluate(() => Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!);
    const { access_token: accessToken } = await page.evaluate(
      (k) => JSON.parse(sessionStorage.getItem(k)!) as { access_token: string },
      key,
    );
    expect((await harness.http.get('/households', { token: accessToken })).status).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await harness.http.get('/households', { token: accessToken })).status).toBe(401);
    expect(pageErrors).toEqual([]);
  });
});
