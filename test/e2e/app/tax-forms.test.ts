/**
 * The tax fields of the scenario form in Debian's Chromium against the real local runtime: the UK
 * example shows the UK fields (region, pension tax-free cash, State Pension from qualifying
 * years) and offers the UK wrappers, hides the US ones, shows no code on screen and passes axe;
 * switching to US rules swaps them; the example saves through the form as it loaded.
 * Screenshotted into test-output/app/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebApp } from '../../../infra/local/web-build.js';
import { launchChromium } from '../../support/browser.js';
import { startRunHarness, type RunHarness } from '../runs/harness.js';
import { signInAsDemo } from './sign-in.js';
import { checkView } from './view-checks.js';

const outputDir = new URL('../../../test-output/app/', import.meta.url).pathname;

let harness: RunHarness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await buildWebApp();
  mkdirSync(outputDir, { recursive: true });
  harness = await startRunHarness({});
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAsDemo(page, harness);
  await page.getByLabel('Name').fill('The Joneses');
  await page.getByRole('button', { name: 'Create household' }).click();
  await page.getByRole('heading', { name: /The Joneses/ }).waitFor();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await harness?.close();
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
    const kinds = await optionLabels('Kind of account to add');
    expect(kinds).toContain('Roth 401(k) or IRA (after tax)');
    expect(kinds).not.toContain('ISA (tax-free)');
    await page.getByLabel('Tax rules').selectOption('UK');
    await page.getByLabel('Income tax region').waitFor();
  });

  it('saves the UK example as loaded', async () => {
    await page
      .getByRole('button', { name: /Save|Create/ })
      .last()
      .click();
    // The new scenario's own page, not the form's (…/scenarios/new).
    await page.waitForURL(/\/scenarios\/(?!new$)[^/]+$/);
    await page
      .getByRole('heading', { name: /UK couple with ISAs and workplace pensions/ })
      .first()
      .waitFor();
  });
});
