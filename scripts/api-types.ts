/** Usage: npm run -s api-types: regenerates client/api-types.ts from the OpenAPI document. */
import { writeFileSync } from 'node:fs';
import { apiTypesFile, generateApiTypes } from '../client/generate-types.js';

writeFileSync(apiTypesFile, await generateApiTypes());
process.stdout.write(`wrote ${apiTypesFile.pathname}\n`);
