/**
 * The API's message for a field, in the words and units of the form's input: zod's "Too big:
 * expected number to be <=1" becomes "must be at most 1", and a bound on a fraction typed as a
 * percentage is said as a percentage ("must be at most 100%"), so the message matches what was typed.
 */
import { asPercent } from './percent.ts';

const ZOD_BOUNDS: [RegExp, string][] = [
  [/^Too big: expected number to be <=\s*/, 'must be at most '],
  [/^Too big: expected number to be <\s*/, 'must be less than '],
  [/^Too small: expected number to be >=\s*/, 'must be at least '],
  [/^Too small: expected number to be >\s*/, 'must be more than '],
];

const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e-?\d+)?`;
const BOUND = new RegExp(String.raw`\b(at most|at least|less than|more than|between) (${NUMBER})(?: and (${NUMBER}))?`);

const asPercentText = (x: string) => `${asPercent(Number(x))}%`;

export function messageInWords(message: string, percent: boolean): string {
  let words = message.replace(/\ba probability between\b/, 'between');
  for (const [zod, plain] of ZOD_BOUNDS) words = words.replace(zod, plain);
  if (!percent) return words;
  return words.replace(
    BOUND,
    (_, how: string, a: string, b?: string) => `${how} ${asPercentText(a)}${b === undefined ? '' : ` and ${asPercentText(b)}`}`,
  );
}

/** The messages of a field in words, each once (the schema and the engine may both refuse a value). */
export const messagesInWords = (messages: string[], percent: boolean): string[] => [
  ...new Set(messages.map((m) => messageInWords(m, percent))),
];
