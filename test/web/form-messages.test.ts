/** The API's messages at a form field, in the words and units of its input. */
import { describe, expect, it } from 'vitest';
import { messageInWords, messagesInWords } from '../../web/src/forms/messages.js';

describe('a field’s messages in words', () => {
  it('says zod’s bounds in words', () => {
    expect(messageInWords('Too big: expected number to be <=120', false)).toBe('must be at most 120');
    expect(messageInWords('Too small: expected number to be >=0', false)).toBe('must be at least 0');
    expect(messageInWords('Too small: expected number to be >-0.5', false)).toBe('must be more than -0.5');
  });

  it('says a bound on a fraction typed as a percentage as a percentage', () => {
    expect(messageInWords('Too big: expected number to be <=1', true)).toBe('must be at most 100%');
    expect(messageInWords('must be a probability between 0 and 1', true)).toBe('must be between 0% and 100%');
    expect(messageInWords('must be between -0.1 and 0.2', true)).toBe('must be between -10% and 20%');
    expect(messageInWords('must be at most 0.0525', true)).toBe('must be at most 5.25%');
    // Other messages pass as they are.
    expect(messageInWords('must name a member', true)).toBe('must name a member');
  });

  it('says each message once', () => {
    expect(messagesInWords(['Too big: expected number to be <=1', 'must be at most 1'], true)).toEqual(['must be at most 100%']);
  });
});
