/** A readable HTML page of the OpenAPI document, rendered here: no scripts or assets from elsewhere. */
type Json = Record<string, unknown>;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const pretty = (value: unknown) => escape(JSON.stringify(value, null, 2));

const style = `
body{font-family:system-ui,sans-serif;margin:0;color:#1d2430;background:#f7f8fa}
header{background:#1d2430;color:#fff;padding:1.2rem 2rem}main{max-width:70rem;margin:auto;padding:1rem 2rem}
section.op{background:#fff;border:1px solid #dde1e7;border-radius:6px;margin:.8rem 0;padding:.6rem 1rem}
.method{display:inline-block;min-width:4.5rem;font-weight:700;font-family:monospace}
.GET{color:#1565c0}.POST{color:#2e7d32}.PUT{color:#ef6c00}.PATCH{color:#6a1b9a}.DELETE{color:#c62828}.HEAD{color:#455a64}
code,pre{font-family:ui-monospace,monospace;font-size:.85rem}pre{background:#f1f3f6;padding:.6rem;overflow:auto;max-height:30rem}
table{border-collapse:collapse}td,th{padding:.2rem .6rem;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
nav a{margin-right:1rem}`;

export function renderDocsPage(document: Json): string {
  const info = document.info as { title: string; version: string; description?: string };
  const paths = document.paths as Record<string, Record<string, Json>>;
  const components = document.components as { schemas: Record<string, unknown> };
  const sections: string[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      const params = (op.parameters as Json[] | undefined) ?? [];
      const responses = Object.entries(op.responses as Record<string, Json>);
      const body = (op.requestBody as { content: Record<string, { schema: unknown }> } | undefined)?.content;
      sections.push(`<section class="op" id="${escape(String(op.operationId))}">
<h3><span class="method ${upper}">${upper}</span> <code>${escape(path)}</code></h3>
<p>${escape(String(op.summary ?? ''))}${op.description ? ` ${escape(String(op.description))}` : ''}</p>
${(op.security as unknown[] | undefined)?.length === 0 ? '<p><em>No token needed.</em></p>' : ''}
${params.length ? `<table><tr><th>parameter</th><th>in</th><th>schema</th></tr>${params
        .map((p) => `<tr><td><code>${escape(String(p.name))}</code></td><td>${escape(String(p.in))}</td><td><code>${pretty(p.schema)}</code></td></tr>`)
        .join('')}</table>` : ''}
${body ? `<details><summary>Request body (${escape(Object.keys(body).join(', '))})</summary><pre>${pretty(Object.values(body)[0]?.schema)}</pre></details>` : ''}
<details><summary>Responses: ${responses.map(([status]) => escape(status)).join(', ')}</summary><table>${responses
        .map(([status, r]) => `<tr><td>${escape(status)}</td><td>${escape(String(r.description ?? r.$ref ?? ''))}</td><td><pre>${r.content ? pretty(Object.values(r.content as Json)[0]) : ''}</pre></td></tr>`)
        .join('')}</table></details>
</section>`);
    }
  }
  const schemas = Object.entries(components.schemas)
    .map(([name, schema]) => `<details id="schema-${escape(name)}"><summary><code>${escape(name)}</code></summary><pre>${pretty(schema)}</pre></details>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(info.title)}</title><style>${style}</style></head>
<body><header><h1>${escape(info.title)} <small>${escape(info.version)}</small></h1>
<p>${escape(info.description ?? '')}</p><nav><a style="color:#fff" href="openapi.json">openapi.json</a></nav></header>
<main><h2>Operations</h2>${sections.join('\n')}<h2>Schemas</h2>${schemas}</main></body></html>`;
}
