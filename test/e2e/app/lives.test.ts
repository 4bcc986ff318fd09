/**
 * The Lives view in Debian's Chromium against the real local runtime: a couple's plan is run from
 * its results page, Lives opened from the results, a filter picked from plain choices; the count
 * shown equals the output's own figure (lives where Chris needed care = probabilityLongTermCare ×
 * lives), the query endpoint's count and the filtered lives pages' total, each read through the
 * API, and their chance of success the endpoint's (over every life, the output's own); the fan of
 * the matching lives against the others is drawn; a life is opened and shows the API's life (one
 * cash-flow row per year, every event); a query too large to answer at once runs as a run with
 * status, whose progress shows before its answer. The view passes view-checks.ts (axe-core WCAG
 * 2.1 A and AA, no codes, ids or over-precise numbers, usable at 390 px) and is screenshotted at
 * 1440 and 390 px into test-output/app/.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildWebApp } from '../../../infra/local/web-build.js';
import { launchChromium } from '../../support/browser.js';
import { startRunHarness, type RunHarness } from '../runs/harness.js';
import { signInAsDemo } from './sign-in.js';
import { checkView } from './view-checks.js';

const outputDir = new URL('../../../test-output/app/', import.meta.url).pathname;
/** Every run and query answered inside its request, unless a test lowers it to queue one. */
const ALL_INLINE = '1000000000';
const LIVES = 1000;

let harness: RunHarness;
let browser: Browser;
let page: Page;
let householdId: string;
let scenarioId: string;
let ids: string[];
const pageErrors: string[] = [];

/** The couple of the examples, named, on its own seed and a thousand lives. */
async function couple(): Promise<Record<string, any>> {
  const doc = JSON.parse(await readFile(new URL('../../../examples/couple-near-retirement.json', import.meta.url), 'utf8'));
  doc.members[0].name = 'Chris';
  doc.members[1].name = 'Pat';
  doc.simulation = { ...doc.simulation, paths: LIVES };
  return doc;
}

async function apiGet(path: string): Promise<any> {
  const response = await harness.http.get(path, { token: harness.token });
  expect(response.status, `${path}: ${response.text}`).toBe(200);
  return response.body;
}

async function apiPost(path: string, body: unknown): Promise<any> {
  const response = await harness.http.post(path, body, { token: harness.token });
  expect(response.status, `${path}: ${response.text}`).toBe(201);
  return response.body;
}

beforeAll(async () => {
  await buildWebApp();
  mkdirSync(outputDir, { recursive: true });
  harness = await startRunHarness({ RUN_INLINE_PATH_YEARS: ALL_INLINE });
  const household = await apiPost('/households', { name: 'The Lees', currency: 'USD' });
  householdId = household.id;
  const scenario = await apiPost(`/households/${householdId}/scenarios`, await couple());
  scenarioId = scenario.id;
  ids = ['members', 'incomes', 'expenses', 'accounts', 'properties', 'liabilities', 'goals', 'insurance'].flatMap((k) =>
    ((scenario[k] ?? []) as { id: string }[]).map((x) => x.id),
  );
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAsDemo(page, harness);
  await page.getByRole('link', { name: 'The Lees' }).click();
  await page.getByRole('link', { name: 'Couple five years from retirement' }).first().click();
  await page.getByRole('button', { name: 'Run simulation' }).waitFor();
}, 240_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await page?.screenshot({ path: `${outputDir}lives-failed-step.png`, fullPage: true }).catch(() => undefined);
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

const simulationPath = () => `/households/${householdId}/scenarios/${scenarioId}/simulations/${simulationId}`;
let simulationId: string;
let output: any;

/** The query's answer through the API, read back until it has completed. */
async function answerOf(body: unknown): Promise<any> {
  let query = await apiPost(`${simulationPath()}/queries`, body);
  while (query.status !== 'COMPLETED') {
    expect(query.status).not.toBe('FAILED');
    query = await apiGet(`${simulationPath()}/queries/${query.id}?wait=5`);
  }
  return query.answer;
}

/** The id of the query whose answer is on screen, if any. */
const shownQuery = () =>
  page.evaluate(() => (globalThis as any).document.querySelector('[data-query]')?.getAttribute('data-query') ?? null) as Promise<
    string | null
  >;

/** Waits for the answer of a query other than `before`, with no error shown. */
async function answered(before: string | null): Promise<string> {
  await expect.poll(shownQuery, { timeout: 120_000 }).not.toBe(before);
  expect(await page.locator('#lives-error').allTextContents()).toEqual([]);
  return (await shownQuery())!;
}

/** Asks the filter on screen and waits for its answer. */
async function show(): Promise<string> {
  const before = await shownQuery();
  await page.getByRole('button', { name: 'Show the matching lives' }).click();
  return answered(before);
}

/** Screenshots of parts of the view on a phone, each readable at its size. */
async function phoneParts(parts: [selector: string, name: string][]): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [selector, name] of parts)
    await page
      .locator(selector)
      .first()
      .screenshot({ path: `${outputDir}${name}-390.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
}

const condition = (n: number) => page.locator(`[data-condition="${n}"]`);
const shownCount = async () => Number(await page.locator('[data-figure="lives-matched"]').getAttribute('data-value'));

describe('the Lives view', () => {
  it('is reached from the results of a run', async () => {
    await page.getByRole('button', { name: 'Run simulation' }).click();
    await page.locator('[data-chart="fan-netWorth"] svg').waitFor({ timeout: 120_000 });
    output = await apiGet(`/households/${householdId}/scenarios/${scenarioId}/output`);
    simulationId = output.simulationId;
    expect(output.metadata.paths).toBe(LIVES);
    await page.getByRole('button', { name: 'Explore the lives' }).click();
    await expect(page.getByRole('tab', { name: 'Lives' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByRole('heading', { name: 'Which lives' }).waitFor();
  });

  it('counts the lives where Chris needed care as the output does', async () => {
    await condition(0).getByLabel('To whom').selectOption({ label: 'Chris' });
    await show();
    const chris = output.summary.members.find((m: { memberId: string }) => m.memberId === 'chris');
    expect(await shownCount()).toBe(Math.round(chris.probabilityLongTermCare * LIVES));
    await expect(page.locator('#lives-matches-title').textContent()).resolves.toBe('Chris needed long-term care');
  });

  it('narrows to an age: the count equals the query endpoint and the lives pages, the fan is drawn against the others', async () => {
    await condition(0).getByLabel('From age').fill('80');
    await show();
    const where = { all: [{ event: { type: 'LONG_TERM_CARE', memberId: 'chris', fromAge: 80 } }] };
    const answer = await answerOf({ where, select: [{ stat: 'probability', where: { outcome: 'SUCCEEDED' } }], compareTo: 'rest' });
    const listed = await apiGet(`${simulationPath()}/lives?size=20&where=${encodeURIComponent(JSON.stringify(where))}`);
    const shown = await shownCount();
    expect(shown).toBe(answer.matched);
    expect(shown).toBe(listed.page.totalElements);
    expect(shown).toBeGreaterThan(0);
    // Their chance of success, against the others', as the query endpoint gives it.
    const success = page.locator('[data-figure="lives-success"]');
    expect(Number(await success.getAttribute('data-value'))).toBe(answer.select[0].value);
    await expect(success.textContent()).resolves.toBe(`${Math.round(100 * answer.select[0].value)}%`);
    await expect(page.getByText(`Against ${Math.round(100 * answer.select[0].rest.value)}% of the other lives:`).count()).resolves.toBe(1);
    await expect(page.locator('#lives-matches-title').textContent()).resolves.toBe('Chris needed long-term care at 80 or later');
    // The share and its range in words, to the decimals a thousand lives support.
    const share = Math.round((100 * shown) / LIVES);
    await expect(page.locator('[data-figure="lives-share"]').textContent()).resolves.toBe(`${share}%`);
    await expect(page.getByText(/the chance of a life like these is likely between \d+% and \d+%/).count()).resolves.toBe(1);
    // The others are many: their median is drawn; the matching lives' band where at least 100 of them run.
    await page.locator('[data-chart="lives-fan"] g[aria-description="other median"] path').waitFor();
    const matchingBand = await page.locator('[data-chart="lives-fan"] g[aria-description="matching median"] path').count();
    expect(matchingBand).toBe(shown >= 100 ? 1 : 0);
    // The first page of the list: the first matching lives, in the run's order.
    const rows = page.locator('[data-list="lives"] li[data-life]');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(Math.min(20, shown));
    const indices = await rows.evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-life'))));
    expect(indices).toEqual(listed.content.map((l: { index: number }) => l.index));
    await checkView(page, outputDir, 'lives', { ids });
    await phoneParts([
      ['.lives-filter', 'lives-filter'],
      ['section[aria-labelledby="lives-fan-title"]', 'lives-fan'],
      ['[data-list="lives"] li', 'lives-list-card'],
    ]);
  });

  it('opens a life: its yearly figures and its events, as the API replays it', async () => {
    const first = page.locator('[data-list="lives"] li[data-life]').first();
    const index = Number(await first.getAttribute('data-life'));
    await first.getByRole('button').click();
    await page.locator(`[data-open-life="${index}"] [data-table="cash-flow"]`).waitFor({ timeout: 60_000 });
    const life = await apiGet(`${simulationPath()}/lives/${index}`);
    await expect(page.locator('[data-table="cash-flow"] tbody tr').count()).resolves.toBe(life.years.length);
    await expect(page.locator('.life-detail .timeline li').count()).resolves.toBe(life.events.length);
    expect(life.events.some((e: { type: string; memberId?: string }) => e.type === 'LONG_TERM_CARE' && e.memberId === 'chris')).toBe(true);
    await expect(page.getByText(/Long-term care of Chris/).count()).resolves.toBeGreaterThan(0);
    // Focus moves to the life's heading, so a screen reader hears where it is.
    await expect(page.evaluate(() => (globalThis as any).document.activeElement?.id)).resolves.toBe('life-title');
    await checkView(page, outputDir, 'lives-life', { ids });
    await phoneParts([['.life-detail', 'lives-life-detail']]);
    await page.getByRole('button', { name: 'Back to the matching lives' }).click();
    await page.locator('[data-list="lives"]').waitFor();
    // A look at another tab keeps the filter and its answer.
    const shown = await shownQuery();
    await page.getByRole('tab', { name: /^Results/ }).click();
    await page.getByRole('tab', { name: 'Lives' }).click();
    expect(await shownQuery()).toBe(shown);
    await page.locator('[data-list="lives"]').waitFor();
  });

  it('runs a large question as a run with status, showing its progress, then its answer', async () => {
    process.env.RUN_INLINE_PATH_YEARS = '100';
    try {
      await page.getByRole('button', { name: 'Add a condition' }).click();
      await condition(1).getByLabel('Kind').selectOption({ label: 'How the plan turned out' });
      await condition(1).getByLabel('Outcome').selectOption({ label: 'The plan did not succeed' });
      await page.getByRole('radio', { name: 'any one of these' }).check();
      const before = await shownQuery();
      await page.getByRole('button', { name: 'Show the matching lives' }).click();
      // Queued, it shows its status and progress until its shards are in.
      await page
        .locator('[data-query-status="QUEUED"] progress, [data-query-status="RUNNING"] progress')
        .first()
        .waitFor({ timeout: 30_000 });
      const queryId = await answered(before);
      await page.locator('[data-query-status]').waitFor({ state: 'detached' });
      const query = await apiGet(`${simulationPath()}/queries/${queryId}`);
      expect(query.status).toBe('COMPLETED');
      const where = {
        any: [{ event: { type: 'LONG_TERM_CARE', memberId: 'chris', fromAge: 80 } }, { outcome: 'FAILED' }],
      };
      expect(query.query.where).toEqual(where);
      await expect.poll(shownCount).toBe(query.answer.matched);
    } finally {
      process.env.RUN_INLINE_PATH_YEARS = ALL_INLINE;
    }
  });

  it('says in words what is wrong with a condition before asking', async () => {
    await condition(1).getByLabel('Kind').selectOption({ label: 'A figure at an age' });
    await condition(1).getByLabel('Aged').fill('30');
    await condition(1).getByLabel('Amount').fill('100000');
    await expect(condition(1).locator('p.help').textContent()).resolves.toMatch(
      /^Chris is \d+ to \d+ in the plan: give an age in that range\.$/,
    );
    await expect(page.getByRole('button', { name: 'Show the matching lives' }).isDisabled()).resolves.toBe(true);
    await condition(1).getByLabel('Aged').fill('75');
    await show();
    await expect(page.locator('#lives-matches-title').textContent()).resolves.toBe(
      'Any of: Chris needed long-term care at 80 or later; Net worth when Chris is 75: at least $100,000 (today’s money)',
    );
  });

  it('shows every life, and only their fan, once the conditions are removed', async () => {
    await page.getByRole('button', { name: 'Remove condition 2' }).click();
    await page.getByRole('button', { name: 'Remove condition 1' }).click();
    await show();
    await expect(page.locator('#lives-matches-title').textContent()).resolves.toBe('Every life');
    expect(await shownCount()).toBe(LIVES);
    // Over every life, the chance of success is the output's own, to the bit.
    expect(Number(await page.locator('[data-figure="lives-success"]').getAttribute('data-value'))).toBe(
      output.summary.probabilityOfSuccess,
    );
    // A share of one, whose standard error is floored at 1/n: to one decimal, as the app rounds it.
    await expect(page.locator('[data-figure="lives-share"]').textContent()).resolves.toBe('100.0%');
    await expect(page.getByText('the chance of a life like these is likely above 99.7%').count()).resolves.toBe(1);
    await page.locator('[data-chart="lives-fan"] g[aria-description="matching median"] path').waitFor();
    expect(await page.locator('[data-chart="lives-fan"] g[aria-description="other median"] path').count()).toBe(0);
    await expect(page.locator('[data-list="lives"] li[data-life]').first().getAttribute('data-life')).resolves.toBe('0');
    expect(pageErrors).toEqual([]);
  });
});
