/**
 * The route table: the single list of HTTP routes. The local runtime and the CDK app both read it,
 * so a route cannot exist in one and not the other.
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Cloud permissions a handler needs beyond the table; the CDK app grants exactly these. */
export type ExtraGrant = 'queue:send' | 'signing-key:sign' | 'signing-key:read-public';

export interface Route {
  method: HttpMethod;
  /** API Gateway path template, e.g. `/households/{householdId}`. */
  path: string;
  /** Module under `functions/`, without extension, that exports `handler`. */
  handler: string;
  /** `read` handlers get read-only table access in the cloud; `write` handlers read and write. */
  access: 'read' | 'write';
  grants?: ExtraGrant[];
}

export const routes: Route[] = [];
