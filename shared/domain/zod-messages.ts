/**
 * zod's English messages for the checks that name no message of their own ("Too big: expected
 * number to be <=5"). zod/mini loads no locale, and without one every such issue says only
 * "Invalid input". Every module that parses imports this one, so the locale is set before any parse.
 */
import * as z from 'zod/mini';
import { en } from 'zod/locales';

z.config(en());
