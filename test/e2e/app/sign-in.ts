/** Signs the demo user in to the app through the realm's login page, as the app tests start. */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { RunHarness } from '../runs/harness.js';

export async function signInAsDemo(page: Page, harness: RunHarness): Promise<void> {
  const { password } = JSON.parse(await readFile(`${harness.server.dataDir}/demo-credentials.json`, 'utf8')) as { password: string };
  await page.goto(`${harness.server.url}/app`);
  await page.getByLabel('Organisation (realm)').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Households' }).waitFor();
}
