/**
 * The assumptions of the scenario form in Debian's Chromium against the real local runtime: the
 * economic and life models' parameters behind their "advanced" disclosures, the correlation grid
 * (typed above the diagonal, mirrored below, refused in words when it is not a possible matrix),
 * the termination factors, the job-loss bands and the horizon in years, set through the form and
 * read back from the API as saved. The form passes the view checks (axe-core, no codes, no
 * sideways scrolling at 390 px) with both disclosures open, and is screenshotted into
 * test-output/app/.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { economicDefaults } from '../../../shared/engine/economy/assumptions.js';
import { lifeDefaults } from '../../../shared/engine/life/assumptions.js';
import { outputDir, type SignedIn, signedInWithHousehold } from './signed-in.js';
import { checkView } from './view-checks.js';

let session: SignedIn;
let page: Page;

beforeAll(async () => {
  session = await signedInWithHousehold('The Okafors');
  page = session.page;
}, 240_000);

afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    await page?.screenshot({ path: `${outputDir}assumptions-failed-step.png`, fullPage: true }).catch(() => undefined);
});

afterAll(async () => {
  await session?.close();
});

const economicModel = () => page.locator('#advanced-economic-model');
const lifeModel = () => page.locator('#advanced-life-model');
const correlations = (): Locator => page.getByRole('group', { name: 'Correlations of the yearly shocks' });

describe('the assumptions of the scenario form', () => {
  it('keeps the models’ parameters behind two disclosures, with the defaults shown', async () => {
    await page.getByRole('link', { name: 'New scenario' }).click();
    await page.getByLabel('Start from').selectOption('us-couple-401k-roth');
    await page.getByLabel('Name of the plan').fill('Okafors: assumptions through the form');
    await expect(correlations().isVisible()).resolves.toBe(false);
    await economicModel().locator('summary').click();
    await lifeModel().locator('summary').click();
    await correlations().waitFor();
    // An empty field shows the default of the plan's assumption set (the US set here).
    const us = economicDefaults('US');
    await expect(page.getByLabel('Inflation with equities').getAttribute('placeholder')).resolves.toBe(String(us.correlation[1][2]));
    await expect(page.getByLabel('Short rate: volatility').getAttribute('placeholder')).resolves.toBe(
      String(Number((us.shortRate.volatility * 100).toPrecision(12))),
    );
    // A risk switched on by default shows as switched on.
    await expect(page.getByLabel('Job loss').isChecked()).resolves.toBe(true);
    // The two-regime parameters show once that model is chosen.
    expect(await page.getByLabel('Chance calm markets turn turbulent').count()).toBe(0);
    await page.getByLabel('Equity model').selectOption({ label: 'Two regimes (calm and turbulent)' });
    await page.getByLabel('Chance calm markets turn turbulent').fill('5');
    await checkView(page, outputDir, 'assumptions-form', { ids: [] });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page
        .locator('section[aria-labelledby="group-assumptions"] > .field-grid')
        .screenshot({ path: `${outputDir}assumptions-main-${width}.png` });
      await economicModel().screenshot({ path: `${outputDir}assumptions-economic-model-${width}.png` });
      await lifeModel().screenshot({ path: `${outputDir}assumptions-life-model-${width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('refuses correlations that cannot all hold, and a chance over 100%, in words at their fields', async () => {
    await page.getByLabel('Short rate with inflation').fill('0.5');
    await page.getByLabel('Short rate with equities').fill('0.5');
    await page.getByLabel('Inflation with equities').fill('-0.9');
    // The grid mirrors the upper triangle below its diagonal.
    await expect(correlations().locator('tbody tr').nth(2).locator('td').nth(1).textContent()).resolves.toBe('-0.9');
    // A chance typed as a percentage over 100 is refused in the same units.
    await page.getByLabel('Chance of finding work again').fill('150');
    await page.getByRole('button', { name: 'Create scenario' }).click();
    const error = correlations().locator('.field-error');
    await error.waitFor();
    await expect(error.textContent()).resolves.toMatch(
      /^These correlations cannot all hold at once: the grid must be positive semi-definite/,
    );
    await correlations().screenshot({ path: `${outputDir}assumptions-correlation-error.png` });
    await expect(page.locator('#field-assumptions-life-unemployment-reemploymentProbability-error').textContent()).resolves.toMatch(
      /^must be at most 100%/,
    );
    await page.getByLabel('Inflation with equities').fill('0.3');
  });

  it('saves the parameters, the bands, the factors and the horizon as set', async () => {
    await page.getByLabel('Deaths follow').selectOption({ label: 'A Gompertz law (a modal age and a spread)' });
    await page.getByLabel('Most common age at death').fill('90');
    const factors = page.getByRole('group', { name: 'Disabilities ending, by year of the claim' });
    await factors.getByLabel('Year 1', { exact: true }).fill('12');
    const bands = page.getByRole('group', { name: 'Chance of losing a job, by age' });
    await bands.getByRole('button', { name: 'Add a band' }).click();
    const added = (await bands.locator('tbody tr').count()) - 1;
    await bands.getByLabel(`Band ${added + 1}: from age, years old`).fill('62');
    await bands.getByLabel(`Band ${added + 1}: chance a year, %`).fill('3');
    await page.getByLabel('Chance of finding work again').fill('60');
    await page.getByLabel('Death rate in poor health').fill('1.8');
    await page.getByLabel('The plan runs').selectOption({ label: 'For a number of years' });
    await page.getByLabel('Years simulated').fill('45');
    await page.getByRole('button', { name: 'Create scenario' }).click();
    await page.waitForURL(/\/scenarios\/(?!new$)[^/]+$/);
    await page.getByRole('heading', { name: 'Okafors: assumptions through the form' }).first().waitFor();

    const scenarioId = new URL(page.url()).hash.split('/')[4];
    const { harness, householdId } = session;
    const response = await harness.http.get(`/households/${householdId}/scenarios/${scenarioId}`, { token: harness.token });
    expect(response.status, response.text).toBe(200);
    const stored = response.body as any;
    const economic = stored.assumptions.economic;
    expect(economic.equity).toEqual({ model: 'RSLN2', p12: 0.05 });
    // The typed cells and their mirrors; every other cell the US default, the diagonal 1.
    const expected = economicDefaults('US').correlation.map((row) => [...row]);
    for (const [i, j, x] of [
      [0, 1, 0.5],
      [0, 2, 0.5],
      [1, 2, 0.3],
    ])
      expected[i][j] = expected[j][i] = x;
    expect(economic.correlation).toEqual(expected);
    const life = stored.assumptions.life;
    expect(life.mortality).toEqual({ law: 'GOMPERTZ', modalAge: 90 });
    expect(life.health).toEqual({ mortalityMultiplier: { POOR: 1.8 } });
    const defaults = lifeDefaults('US');
    expect(life.disability.terminationDurationFactors).toEqual([12, ...defaults.disability.terminationDurationFactors.slice(1)]);
    expect(life.unemployment.jobLossByAge).toEqual([...defaults.unemployment.jobLossByAge, { fromAge: 62, probability: 0.03 }]);
    expect(life.unemployment.reemploymentProbability).toBe(0.6);
    expect(stored.simulation.horizon).toEqual({ years: 45 });
  });
});
