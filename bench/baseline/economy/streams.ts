import { streamId } from '../random/index.js';

/**
 * One random stream per economic risk factor, so that a factor's numbers do not depend on
 * which other factors are random: a factor that needs no randomness draws nothing.
 */
export const ECONOMY_STREAMS = Object.freeze({
  shortRate: streamId('economy:shortRate'),
  inflation: streamId('economy:inflation'),
  equity: streamId('economy:equity'),
  property: streamId('economy:property'),
  equityRegime: streamId('economy:equity:regime'),
  historical: streamId('economy:historical'),
});
