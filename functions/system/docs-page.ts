/**
 * The docs page: Redoc renders /openapi.json in the browser, from the script the service serves
 * at /docs/redoc.standalone.js, so the page needs nothing from elsewhere. The paths are relative:
 * the page works behind any base path.
 */
const options = {
  'spec-url': 'openapi.json',
  'expand-responses': '200,201',
  'json-sample-expand-level': '3',
  'required-props-first': 'true',
  'sort-props-alphabetically': 'false',
  'path-in-middle-panel': 'true',
  'hide-hostname': 'false',
};

export function renderDocsPage(title: string): string {
  const attributes = Object.entries(options)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{margin:0}</style>
</head>
<body>
<redoc ${attributes}></redoc>
<noscript>The API reference needs JavaScript; the document itself is at <a href="openapi.json">openapi.json</a>.</noscript>
<script src="docs/redoc.standalone.js"></script>
</body>
</html>
`;
}
