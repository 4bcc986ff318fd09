/**
 * The start of a form test: the app built from this tree, the real local runtime, Debian's
 * Chromium signed in as the demo user, and a new household open. Screenshots go to test-output/app/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { buildWebApp } from '../../../infra/local/web-build.js';
import { launchChromium } from '../../support/browser.js';
import { startRunHarness, type RunHarness } from '../runs/harness.js';
import { signInAsDemo } from './sign-in.js';

export const outputDir = new URL('../../../test-output/app/', import.meta.url).pathname;

export interface SignedIn {
  harness: RunHarness;
  browser: Browser;
  page: Page;
  householdId: string;
  close(): Promise<void>;
}

export async function signedInWithHousehold(householdName: string): Promise<SignedIn> {
  await buildWebApp();
  mkdirSync(outputDir, { recursive: true });
  const harness = await startRunHarness({});
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAsDemo(page, harness);
  await page.getByLabel('Name').fill(householdName);
  await page.getByRole('button', { name: 'Create household' }).click();
  await page.getByRole('heading', { name: householdName }).waitFor();
  // The household's page: #/households/{id}.
  const householdId = new URL(page.url()).hash.replace(/^#\//, '').split('/')[1];
  return {
    harness,
    browser,
    page,
    householdId,
    close: async () => {
      await browser.close();
      await harness.close();
    },
  };
}
