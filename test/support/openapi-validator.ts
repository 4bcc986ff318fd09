/**
 * Checks responses against the service's own OpenAPI document: the operation is found from the
 * route table (method + path template), the status must be documented, and the JSON body must
 * match its schema (ajv, JSON Schema 2020-12). HEAD responses must have no body.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { routes } from '../../functions/routes.js';
import { matchPathTemplate } from '../../shared/http/path-template.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface CheckedResponse {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  text: string;
}

const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export class ResponseValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: Record<string, unknown>) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(document, 'openapi.json');
  }

  static async load(baseUrl: string): Promise<ResponseValidator> {
    const response = await fetch(`${baseUrl}/openapi.json`);
    if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
    return new ResponseValidator((await response.json()) as Record<string, unknown>);
  }

  private schema(ref: string): ValidateFunction {
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#${ref}` });
      this.compiled.set(ref, validate);
    }
    return validate;
  }

  /** Throws with a readable reason when the response breaks the document. */
  check(response: CheckedResponse): void {
    const where = `${response.method} ${response.path} -> ${response.status}`;
    if (response.method === 'HEAD') {
      if (response.text !== '') throw new Error(`${where}: a HEAD response must have no body`);
    }
    const route = routes.find((r) => r.method === response.method && matchPathTemplate(r.path, response.path));
    const paths = this.document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const operation = route ? paths[route.path]?.[route.method.toLowerCase()] : undefined;
    if (route && !operation) throw new Error(`${where}: the route is not in the OpenAPI document`);
    if (response.method === 'HEAD') {
      if (operation && !(String(response.status) in operation.responses)) throw new Error(`${where}: status not documented`);
      return;
    }
    let ref: string;
    if (!operation) {
      // Unmatched requests (404, 405) answer with the error shape.
      if (response.status < 400) throw new Error(`${where}: success on a path the document does not have`);
      ref = '/components/schemas/Error';
    } else {
      const documented = operation.responses[String(response.status)] as { $ref?: string; content?: Record<string, unknown> } | undefined;
      if (!documented) throw new Error(`${where}: status not documented`);
      const base = documented.$ref
        ? documented.$ref.slice(1)
        : `/${pointer('paths', route!.path, route!.method.toLowerCase(), 'responses', String(response.status))}`;
      const resolved = documented.$ref
        ? ((this.document.components as Record<string, Record<string, unknown>>).responses[
            documented.$ref.split('/').pop()!
          ] as typeof documented)
        : documented;
      if (!resolved.content) {
        if (response.text !== '') throw new Error(`${where}: documented without a body but has one`);
        return;
      }
      const mediaType = Object.keys(resolved.content)[0];
      if (mediaType !== 'application/json') {
        if (!response.contentType?.startsWith(mediaType)) throw new Error(`${where}: expected ${mediaType}, got ${response.contentType}`);
        return;
      }
      ref = `${base}/${pointer('content', mediaType, 'schema')}`;
    }
    if (response.contentType !== 'application/json;charset=UTF-8') {
      throw new Error(`${where}: content type ${response.contentType}, expected application/json;charset=UTF-8`);
    }
    const validate = this.schema(ref);
    const body: unknown = JSON.parse(response.text);
    if (!validate(body)) {
      throw new Error(
        `${where}: body does not match the document: ${this.ajv.errorsText(validate.errors)}\n${response.text.slice(0, 500)}`,
      );
    }
  }
}
