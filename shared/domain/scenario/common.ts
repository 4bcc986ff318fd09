import * as z from 'zod/mini';

/** A client-given identifier, unique within its list, referenced by other items. */
export const itemId = z
  .string()
  .check(
    z.minLength(1, 'must not be empty'),
    z.maxLength(64, 'must be at most 64 characters'),
    z.regex(/^[A-Za-z0-9_.:-]+$/, 'must contain only letters, digits, "_", ".", ":" and "-"'),
  );

/** An item's optional display name. */
export const itemName = z.optional(z.string().check(z.maxLength(200)));

/** A non-negative amount of money in today's (year-0) money unless the field says otherwise. */
export const money = z.number().check(z.minimum(0, 'must be at least 0'), z.maximum(1e12, 'must be at most 1e12'));

/** A fraction in [0, 1]. */
export const fraction = z.number().check(z.minimum(0, 'must be at least 0'), z.maximum(1, 'must be at most 1'));

/** A whole number in [min, max], each bound named in its message (`z.int()` as a check keeps `number`'s own type message). */
export const integer = (min: number, max: number) =>
  z.number().check(z.int('must be an integer'), z.minimum(min, `must be at least ${min}`), z.maximum(max, `must be at most ${max}`));

export const calendarYear = integer(1900, 2200);

export const age = integer(0, 120);

/** How an amount grows along a path: with the simulated CPI, or not at all (fixed nominal). */
export const indexation = z.enum(['CPI', 'NONE']);
