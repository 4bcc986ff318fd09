/**
 * What every main view of the app is held to, in the browser: axe-core's WCAG 2.1 A and AA rules
 * report no violation; its visible text holds no SCREAMING_SNAKE_CASE code, no id of the
 * scenario's items, no amount with more than three significant figures and no percentage with
 * more than one decimal; at 390 px it does not scroll sideways (and axe-core passes there too);
 * screenshots at 1440 and 390 px.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** axe-core's source, run in the page through the DevTools protocol (the app's CSP rightly refuses an inline script). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The page's globals these checks read (the callbacks run in the browser). */
declare const document: { body: { innerText: string }; documentElement: { scrollWidth: number; clientWidth: number } };
interface AxeResult {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}
declare const window: { axe?: { run(context: unknown, options: unknown): Promise<AxeResult> } };

/** Words in capitals joined by underscores: an API code left untranslated. */
const CODE = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;
/** An amount of money as the page writes it: $1,234,567, $5.87M, −$12,300. */
const MONEY = /\$\d[\d,]*(?:\.\d+)?[KMBT]?/g;
/** A percentage. */
const PERCENT = /\d+(?:\.\d+)?%/g;

/** Significant figures of an amount as written ($5.87M → 3, $123,000 → 3, $123,456 → 6): its digits without leading or trailing zeros. */
export function significantFigures(amount: string): number {
  return amount.replace(/\D/g, '').replace(/^0+/, '').replace(/0+$/, '').length;
}

export interface ViewRules {
  /** Ids of the scenario's items, none of which may show. */
  ids: string[];
  /** Amounts the user typed, shown as typed (the what-if form's current value, say). */
  typedAmounts?: string[];
}

/** The view's visible text broken against the rules: each problem in words. */
export async function textProblems(page: Page, rules: ViewRules): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const problems: string[] = [];
  for (const code of text.match(CODE) ?? []) problems.push(`code on screen: ${code}`);
  for (const id of rules.ids) {
    if (new RegExp(`(^|[^A-Za-z0-9_.:-])${id.replace(/[.:-]/g, '\\$&')}($|[^A-Za-z0-9_:-])`).test(text))
      problems.push(`item id on screen: ${id}`);
  }
  for (const amount of text.match(MONEY) ?? []) {
    if (significantFigures(amount) > 3 && !rules.typedAmounts?.includes(amount)) problems.push(`over-precise amount: ${amount}`);
  }
  for (const p of text.match(PERCENT) ?? []) {
    if ((p.replace('%', '').split('.')[1]?.length ?? 0) > 1) problems.push(`over-precise percentage: ${p}`);
  }
  return problems;
}

export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe!.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }),
  );
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Screenshots at 1440 and 390 px; at 390 the page must not scroll sideways. */
export async function screenshots(page: Page, dir: string, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${dir}${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${dir}${name}-390.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  // On a phone too: tables that now scroll sideways must be reachable by keyboard, say.
  expect(await axeViolations(page), `${name} at 390 px`).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Every check of a main view. */
export async function checkView(page: Page, dir: string, name: string, rules: ViewRules): Promise<void> {
  expect(await textProblems(page, rules), name).toEqual([]);
  expect(await axeViolations(page), name).toEqual([]);
  await screenshots(page, dir, name);
}
