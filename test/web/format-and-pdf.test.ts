/**
 * The app's rounding rules against their closed forms, and the report's PDF writer: its pages, its
 * cross-reference offsets and its text, read back from the bytes.
 */
import { describe, expect, it } from 'vitest';
import { money, percent, percentDecimals, pointDecimals, points, standardError } from '../../web/src/format.js';
import { PdfWriter } from '../../web/src/report/pdf-writer.js';
import { say } from '../../web/src/words.js';

describe('rounding to what the lives support', () => {
  it('shows a chance in whole percentages while its standard error is half a point or more', () => {
    // p = 0.866: the standard error is √(0.866 × 0.134 / n), 0.0076 at 2,000 lives and 0.0011 at 100,000.
    expect(standardError(0.866, 2000)).toBeCloseTo(Math.sqrt((0.866 * 0.134) / 2000), 12);
    expect(percent(0.866, 2000)).toBe('87%');
    expect(percent(0.866, 100_000)).toBe('86.6%');
    // The switch is where the standard error is half a point: n = p(1−p) / 0.005².
    const n = Math.ceil((0.5 * 0.5) / 0.005 ** 2);
    expect(percentDecimals(0.5, n - 1)).toBe(0);
    expect(percentDecimals(0.5, n + 1)).toBe(1);
    // The same figure at the same number of lives is the same text, whichever screen shows it.
    expect(percent(0.6725, 400)).toBe(percent(0.6725, 400));
  });

  it('gives simulated money three significant figures and differences the decimals of their error', () => {
    expect(money(5_865_289)).toBe('$5.87M');
    expect(money(123_962)).toBe('$124,000');
    expect(money(-54_321)).toBe('−$54,300');
    expect(points(0.0123, pointDecimals(0.004))).toBe('+1.2 pts');
    expect(points(-0.0123, pointDecimals(0.006))).toBe('−1 pts');
  });

  it('says every code in words', () => {
    expect(say('DEFINED_BENEFIT_PENSION')).toBe('Defined-benefit pension');
    expect(say('SOME_NEW_CODE')).toBe('some new code');
  });
});

describe('the PDF writer', () => {
  it('writes pages whose count, cross-references and text read back', () => {
    const pdf = new PdfWriter('Plan (test)');
    pdf.text('Chance of success', 48, 700, 10);
    pdf.text('87%', 348, 700, 11, 'bold');
    pdf.addPage();
    pdf.text('Cash flow − year by year', 48, 700, 10);
    const text = new TextDecoder('latin1').decode(pdf.bytes());
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect((text.match(/\/Type \/Page\b(?!s)/g) ?? []).length).toBe(2);
    expect(text).toContain('/Count 2');
    // Every cross-reference entry points at its object's header.
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    const entries = text
      .slice(xref)
      .split('\n')
      .slice(3)
      .filter((l) => / 00000 n $/.test(l));
    entries.forEach((entry, i) => expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${i + 1} 0 obj`)).toBe(true));
    const shown = [...text.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
    expect(shown).toEqual(['Chance of success', '87%', 'Cash flow - year by year']);
    // A stream's /Length is its bytes.
    for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = m.index! + m[0].length;
      expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
    }
  });
});
