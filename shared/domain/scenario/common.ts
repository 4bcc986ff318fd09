import * as z from 'zod';

/** A client-given identifier, unique within its list, referenced by other items. */
export const itemId = z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'must contain only letters, digits, "_", ".", ":" and "-"');

/** A non-negative amount of money in today's (year-0) money unless the field says otherwise. */
export const money = z.number().finite().min(0, 'must be at least 0').max(1e12, 'must be at most 1e12');

/** A fraction in [0, 1]. */
export const fraction = z.number().finite().min(0, 'must be at least 0').max(1, 'must be at most 1');

export const calendarYear = z.number().int('must be an integer').min(1900, 'must be at least 1900').max(2200, 'must be at most 2200');

export const age = z.number().int('must be an integer').min(0, 'must be at least 0').max(120, 'must be at most 120');

/** How an amount grows along a path: with the simulated CPI, or not at all (fixed nominal). */
export const indexation = z.enum(['CPI', 'NONE']);
