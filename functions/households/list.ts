import { householdListQuerySchema, householdSchema } from '../../shared/domain/households/schema.js';
import { listHouseholds } from '../../shared/domain/households/service.js';
import { pageSchema } from '../../shared/http/page-schema.js';
import { pageReply } from '../../shared/http/reply.js';
import { route } from '../../shared/http/stack.js';

export const handler = route(
  {
    summary: 'List the households the caller may use',
    tags: ['households'],
    query: householdListQuerySchema,
    repeatedQuery: ['sort'],
    responses: { 200: { description: 'A page of households', schema: pageSchema(householdSchema, 'HouseholdPage'), headers: ['Link'] } },
  },
  async ({ principal, query, origin, rawQuery }) => pageReply(await listHouseholds(principal, query), `${origin}/households`, rawQuery),
);
