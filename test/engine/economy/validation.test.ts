import { describe, expect, it } from 'vitest';
import { economicAssumptionsSchema } from '../../../shared/domain/scenario/economic-assumptions.js';
import {
  createEconomyGenerator,
  DEFAULT_ECONOMIC_ASSUMPTIONS,
  resolveEconomicAssumptions,
  validateEconomicAssumptions,
  type EconomicAssumptionsInput,
} from '../../../shared/engine/economy/index.js';

const fieldsOf = (overrides: EconomicAssumptionsInput) =>
  validateEconomicAssumptions(resolveEconomicAssumptions(overrides)).map((e) => e.field);

describe('economic assumptions', () => {
  it('defaults are valid, and overrides replace only what they name', () => {
    expect(validateEconomicAssumptions(DEFAULT_ECONOMIC_ASSUMPTIONS)).toEqual([]);
    const a = resolveEconomicAssumptions({ inflation: { volatility: 0.01 } });
    expect(a.inflation.volatility).toBe(0.01);
    expect(a.inflation.longRunMean).toBe(DEFAULT_ECONOMIC_ASSUMPTIONS.inflation.longRunMean);
    expect(a.equity).toEqual(DEFAULT_ECONOMIC_ASSUMPTIONS.equity);
    a.correlation[0][1] = 0.99; // a resolved copy never aliases the defaults
    expect(DEFAULT_ECONOMIC_ASSUMPTIONS.correlation[0][1]).not.toBe(0.99);
  });

  it('names the field of a correlation matrix that is not positive semi-definite', () => {
    const corr = [
      [1, 0.9, 0.9, 0],
      [0.9, 1, -0.9, 0],
      [0.9, -0.9, 1, 0],
      [0, 0, 0, 1],
    ];
    expect(fieldsOf({ correlation: corr })).toEqual(['assumptions.economic.correlation']);
    expect(() => createEconomyGenerator(resolveEconomicAssumptions({ correlation: corr }), 1, 10)).toThrow(
      /assumptions\.economic\.correlation/,
    );
  });

  it('names asymmetric entries and a diagonal other than 1', () => {
    const corr = [
      [1, 0.2, 0, 0],
      [0.3, 1, 0, 0],
      [0, 0, 0.5, 0],
      [0, 0, 0, 1],
    ];
    expect(fieldsOf({ correlation: corr })).toEqual(['assumptions.economic.correlation[0][1]', 'assumptions.economic.correlation[2][2]']);
  });

  it('names negative volatilities and probabilities out of range', () => {
    expect(fieldsOf({ shortRate: { volatility: -0.01 }, equity: { volatility: -1, p12: 1.5 }, property: { volatility: -0.1 } })).toEqual([
      'assumptions.economic.shortRate.volatility',
      'assumptions.economic.equity.volatility',
      'assumptions.economic.equity.p12',
      'assumptions.economic.property.volatility',
    ]);
  });

  it('rejects a historical range without enough history', () => {
    expect(fieldsOf({ historical: { fromYear: 1850 } })).toEqual(['assumptions.economic.historical.fromYear']);
    expect(fieldsOf({ historical: { toYear: 2030 } })).toEqual(['assumptions.economic.historical.toYear']);
    expect(fieldsOf({ historical: { fromYear: 2000, toYear: 1990 } })).toEqual(['assumptions.economic.historical.fromYear']);
    expect(fieldsOf({ historical: { fromYear: 2000, toYear: 2004, blockYears: 10 } })).toEqual([
      'assumptions.economic.historical.blockYears',
    ]);
    expect(validateEconomicAssumptions(resolveEconomicAssumptions({ historical: { fromYear: 1850 } }), 'economic')[0].field).toBe(
      'economic.historical.fromYear',
    );
  });

  it('the schema accepts partial overrides and rejects unknown fields, bad shapes and ranges by path', () => {
    expect(economicAssumptionsSchema.safeParse({ equity: { model: 'RSLN2' }, bonds: { maturity: 10 } }).success).toBe(true);
    const paths = (v: unknown) => {
      const r = economicAssumptionsSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(paths({ shortRate: { volatility: -1 } })).toEqual(['shortRate.volatility']);
    expect(paths({ correlation: [[1, 0, 0, 0]] })).toEqual(['correlation']);
    expect(
      paths({
        correlation: [
          [1, 0, 0, 2],
          [0, 1, 0, 0],
          [0, 0, 1, 0],
          [0, 0, 0, 1],
        ],
      }),
    ).toEqual(['correlation.0.3']);
    expect(paths({ equity: { model: 'LOGNORMAL' } })).toEqual(['equity.model']);
    expect(paths({ historical: { blockYears: 2.5 } })).toEqual(['historical.blockYears']);
    expect(paths({ bonds: { duration: 7 } })).toEqual(['bonds']);
  });
});
