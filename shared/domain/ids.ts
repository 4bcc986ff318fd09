/**
 * The ids the service makes: ULIDs (26 characters of Crockford's base 32, upper case), for
 * households, scenarios, runs (simulations, comparisons, analyses) and users. Every id a request carries,
 * in a path or in a body, is checked against this format before it is used, and ids go into table
 * keys only after that check, so a key part can never carry the `#` separator or spell another
 * item's key. A new resource uses `idSchema` for its path and body ids; the HTTP stack answers a
 * path id that fails it with 404 (no such resource can exist), a body id with 400 naming the field.
 */
import * as z from 'zod/mini';

export const idPattern = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const idMessage = 'must be an id: 26 characters, digits and upper-case letters (a ULID)';

export const idSchema = z
  .string()
  .check(z.regex(idPattern, idMessage))
  .register(z.globalRegistry, { description: 'A ULID', examples: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'] });

export const isId = (value: unknown): value is string => typeof value === 'string' && idPattern.test(value);
