/** Usage: npm run -s tax -- <year.json>: one year's tax (the body of POST /tax-calculations), printed as its JSON answer. */
import { parseArgs } from 'node:util';
import { ValidationError } from '../shared/domain/errors.js';
import { taxCalculation } from '../shared/domain/tax/tax-calculation.js';
import { CliError, readJsonFile, runCli } from './cli-support.js';

const USAGE = 'usage: npm run -s tax -- <year.json>';

runCli(USAGE, () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new CliError(USAGE);
  const file = positionals[0]!;
  try {
    process.stdout.write(`${JSON.stringify(taxCalculation(readJsonFile(file)), null, 2)}\n`);
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    throw new CliError(`${file}: the request is invalid:\n${err.errors.map((e) => `  ${e.field}: ${e.message}`).join('\n')}`);
  }
});
