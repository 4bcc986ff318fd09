/**
 * The tax fields of the scenario form in Debian's Chromium against the real local runtime: the UK
 * example shows the UK fields (region, pension tax-free cash, State Pension from qualifying
 * years, the band drawn from pensions first, each pension's lump sum age) and offers the UK
 * wrappers, hides the US ones, shows no code on screen and passes axe; switching to US rules swaps
 * them; the example saves through the form with the band and a lump sum age set.
 * Screenshotted into test-output/app/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputDir, type SignedIn, signedInWithHousehold } from './signed-in.js';
import { checkView } from './view-checks.js';

let session: SignedIn;
let page: Page;

beforeAll(async () => {
  session = await signedInWithHousehold('The Joneses');
  page = session.page;
}, 240_000);

afterAll(async () => {
  await session?.close();
});

const optionLabels = (label: string) => page.getByLabel(label).locator('option').allTextContents();

describe('the tax fields of the scenario form', () => {
  it('shows the UK fields and wrappers for the UK example, in words', async () => {
    await page.getByRole('link', { name: 'New scenario' }).click();
    await page.getByLabel('Start from').selectOption('uk-couple-isa-pension');
    await expect(page.getByLabel('Tax rules').inputValue()).resolves.toBe('UK');
    await page.getByLabel('Income tax region').waitFor();
    await page.getByLabel('Pension tax-free cash').waitFor();
    expect(await page.getByLabel('Filing status').count()).toBe(0);
    expect(await page.getByLabel('State income tax').count()).toBe(0);
    expect(await page.getByLabel('On earned income').count()).toBe(0);
    expect(await page.getByLabel('Qualifying years').count()).toBe(2);
    expect(await page.getByLabel('Primary insurance amount').count()).toBe(0);
    expect((await optionLabels('Pensions first, up to')).slice(1)).toEqual(['The personal allowance', 'The basic rate band']);
    expect(await page.getByLabel('Tax-free cash as a lump sum at').count()).toBe(2);
    const kinds = await optionLabels('Kind of account to add');
    expect(kinds).toContain('ISA (tax-free)');
    expect(kinds).toContain('General investment account');
    expect(kinds).not.toContain('Roth 401(k) or IRA (after tax)');
    await checkView(page, outputDir, 'uk-scenario-form', { ids: ['gareth', 'helen', 'gareth-isa', 'gia'] });
    for (const group of ['income', 'savings', 'taxes'])
      await page.locator(`section[aria-labelledby="group-${group}"]`).screenshot({ path: `${outputDir}uk-scenario-form-${group}.png` });
  });

  it('swaps to the US fields and wrappers under US rules', async () => {
    // A scenario of the UK rules with ISAs under US rules: the ISAs keep their kind, for the API to name.
    await page.getByLabel('Tax rules').selectOption('US');
    await page.getByLabel('Filing status').waitFor();
    await page.getByLabel('State income tax').waitFor();
    expect(await page.getByLabel('Income tax region').count()).toBe(0);
    expect((await optionLabels('Pensions first, up to')).slice(1)).toEqual([
      'The standard deduction',
      'The 10% bracket',
      'The 12% bracket',
      'The 22% bracket',
    ]);
    const kinds = await optionLabels('Kind of account to add');
    expect(kinds).toContain('Roth 401(k) or IRA (after tax)');
    expect(kinds).not.toContain('ISA (tax-free)');
    await page.getByLabel('Tax rules').selectOption('UK');
    await page.getByLabel('Income tax region').waitFor();
  });

  it('saves the UK example with the band filled first and a lump sum age', async () => {
    await page.getByLabel('Pensions first, up to').selectOption('BASIC_RATE_BAND');
    await page.getByLabel('Tax-free cash as a lump sum at').first().fill('60');
    const created = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname.endsWith('/scenarios'));
    await page
      .getByRole('button', { name: /Save|Create/ })
      .last()
      .click();
    const body = (await created).postDataJSON() as {
      strategy: { taxDeferredFirstUpTo?: string };
      accounts: { id: string; taxFreeCashAge?: number }[];
    };
    expect(body.strategy.taxDeferredFirstUpTo).toBe('BASIC_RATE_BAND');
    expect(body.accounts.find((a) => a.id === 'gareth-pension')?.taxFreeCashAge).toBe(60);
    // The new scenario's own page, not the form's (…/scenarios/new).
    await page.waitForURL(/\/scenarios\/(?!new$)[^/]+$/);
    await page
      .getByRole('heading', { name: /UK couple with ISAs and workplace pensions/ })
      .first()
      .waitFor();
  });
});
