/** The OAuth body parser: names that are also properties of Object.prototype are ordinary parameters. */
import { describe, expect, it } from 'vitest';
import { parseParameters } from '../../shared/identity/request-parameters.js';

const form = 'application/x-www-form-urlencoded';

describe('OAuth request parameters', () => {
  it.each(['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'])('reads %s once as a plain parameter', (name) => {
    const params = parseParameters(`${encodeURIComponent(name)}=x&grant_type=client_credentials`, form);
    expect(params[name]).toBe('x');
    expect(params.grant_type).toBe('client_credentials');
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('still refuses a parameter given twice, and reads the same names in a JSON body', () => {
    expect(() => parseParameters('__proto__=a&__proto__=b', form)).toThrow(/repeated/);
    const params = parseParameters(JSON.stringify({ constructor: 'c', ['__proto__']: 'p' }), 'application/json');
    expect(params.constructor).toBe('c');
    expect(Object.keys(params).sort()).toEqual(['__proto__', 'constructor']);
  });

  it('refuses control characters, bidi overrides and lone surrogates, naming the parameter', () => {
    for (const bad of ['a\u0000b', '\u202Eevil', '\ud800']) {
      expect(() => parseParameters(JSON.stringify({ username: bad }), 'application/json')).toThrow(
        expect.objectContaining({ field: 'username' }),
      );
    }
    // (A form cannot carry a lone surrogate: percent-encoding turns it into U+FFFD.)
    for (const bad of ['a%00b', '%E2%80%AEevil']) {
      expect(() => parseParameters(`username=${bad}`, form)).toThrow(expect.objectContaining({ field: 'username' }));
    }
    expect(parseParameters('username=M%C3%BCller', form).username).toBe('Müller');
  });
});
