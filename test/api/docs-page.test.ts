/**
 * The docs page in a real browser: Redoc, served by the service itself, renders the document with
 * the simulation request's schema and its examples, and the way to get a token per grant with the
 * realm's URLs. No request leaves the service. The screenshot is saved for people to look at.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { startTestServer, type TestServer } from '../support/server.js';

const screenshotDir = 'test-output';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the docs page', () => {
  it('renders the simulation request with its schema and an example, and how to get a token', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const elsewhere: string[] = [];
    // Redoc's menu shows a logo from its CDN: the page's Content-Security-Policy must stop it in the browser.
    page.on('requestfinished', (request) => {
      if (!request.url().startsWith(server.url) && !request.url().startsWith('blob:') && !request.url().startsWith('data:'))
        elsewhere.push(request.url());
    });
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await page.goto(`${server.url}/docs`);
    await page.getByText('Getting a token').first().waitFor({ timeout: 60_000 });
    // The token request per grant, with the realm's URLs.
    const tokenUrl = `${server.url}/realms/demo/protocol/openid-connect/token`;
    expect(await page.locator('body').innerText()).toContain(`grant_type=client_credentials ${tokenUrl}`);

    // Open the simulation request from the side menu.
    await page.locator('li[role=menuitem][data-item-id="tag/simulations"] > label').click();
    await page.locator('li[role=menuitem][aria-label="Start a simulation of a scenario"] > label').click();
    const operation = page.locator('[id="tag/simulations/operation/simulationsCreate"]');
    await operation.waitFor();
    const text = await operation.innerText();
    expect(text).toMatch(/Request Body schema: application\/json/i);
    expect(text).toContain('paths');
    expect(text).toContain('seed');
    expect(text).toContain('Idempotency-Key');
    // The example body the document carries: 20,000 paths on a fixed seed.
    await operation.getByText('20,000 paths on a fixed seed').first().waitFor({ state: 'attached' });
    const example = await operation.locator('.redoc-json').first().innerText();
    expect(example).toMatch(/"paths":\s*20000/);
    expect(example).toMatch(/"seed":\s*42/);
    await operation.scrollIntoViewIfNeeded();
    mkdirSync(screenshotDir, { recursive: true });
    await page.screenshot({ path: `${screenshotDir}/docs-simulation-request.png` });
    expect(elsewhere).toEqual([]);
    expect(failures).toEqual([]);
    await page.close();
  });
});
