/** API Gateway path templates (`/households/{householdId}`): matching a request path against them. */
export function matchPathTemplate(template: string, path: string): Record<string, string> | undefined {
  const templateParts = template.split('/');
  const pathParts = path.split('/');
  if (templateParts.length !== pathParts.length) return undefined;
  const parameters: Record<string, string> = {};
  for (let i = 0; i < templateParts.length; i++) {
    const expected = templateParts[i];
    const actual = pathParts[i];
    const name = /^\{([^}+]+)\}$/.exec(expected)?.[1];
    if (name) {
      if (actual === '') return undefined;
      try {
        parameters[name] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return parameters;
}
