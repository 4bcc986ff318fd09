import { taxCalculation, taxCalculationRequestSchema, taxCalculationResultSchema } from '../../shared/domain/tax/tax-calculation.js';
import { ok } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';
import { taxCalculationExamples } from '../api-examples.js';

export const handler = route(
  {
    summary: "One year's tax by the UK's or the US's rules",
    description:
      'Income tax, National Insurance or FICA, capital gains tax and US state income tax of one to twelve people for one tax ' +
      'year with enacted rules, each step of the calculation in `breakdown` with the source of every parameter (docs/TAX.md). ' +
      'Counted as an API request; nothing is stored.',
    tags: ['tax'],
    body: taxCalculationRequestSchema,
    bodyExamples: taxCalculationExamples,
    responses: { 200: { description: 'The tax, by person and kind', schema: taxCalculationResultSchema } },
  },
  async ({ body }) => ok(taxCalculation(body)),
);
