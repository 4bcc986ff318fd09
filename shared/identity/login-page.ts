/**
 * The login page: plain HTML with labelled fields, no scripts and no external assets, so it works
 * with a screen reader, without JavaScript, and under a strict Content-Security-Policy.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export interface LoginPageModel {
  realmId: string;
  clientId: string;
  action: string;
  /** The authorization request, carried through the form unchanged. */
  hidden: Record<string, string>;
  username?: string;
  error?: string;
}

export function renderLoginPage(model: LoginPageModel): string {
  const hidden = Object.entries(model.hidden)
    .map(([name, value]) => `      <input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const error = model.error ? `    <p class="error" role="alert" id="login-error">${escapeHtml(model.error)}</p>\n` : '';
  const describedBy = model.error ? ' aria-describedby="login-error"' : '';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in to ${escapeHtml(model.realmId)}</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 24rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
    label { display: block; margin-top: 1rem; font-weight: 600; }
    input[type=text], input[type=password] { width: 100%; padding: .5rem; font-size: 1rem; box-sizing: border-box; }
    button { margin-top: 1.5rem; padding: .6rem 1.2rem; font-size: 1rem; }
    .error { color: #a00000; border: 1px solid #a00000; padding: .5rem; }
    :focus { outline: 3px solid #1a5fb4; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <h1>Sign in</h1>
    <p>Realm <strong>${escapeHtml(model.realmId)}</strong>, application <strong>${escapeHtml(model.clientId)}</strong></p>
${error}    <form method="post" action="${escapeHtml(model.action)}">
${hidden}
      <label for="username">Username</label>
      <input type="text" id="username" name="username" autocomplete="username" required
        value="${escapeHtml(model.username ?? '')}"${describedBy}>
      <label for="password">Password</label>
      <input type="password" id="password" name="password" autocomplete="current-password" required${describedBy}>
      <button type="submit">Sign in</button>
    </form>
  </main>
</body>
</html>
`;
}

export function renderErrorPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
</head>
<body>
  <main>
    <h1>${escapeHtml(title)}</h1>
    <p role="alert">${escapeHtml(message)}</p>
  </main>
</body>
</html>
`;
}
