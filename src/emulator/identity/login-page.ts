import { DEMO_USERS } from './demo-users';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f3f5;color:#212529;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.15);width:min(22rem,90vw)}
h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:.25rem 0 1rem;font-size:.9rem;color:#495057}
label{display:block;font-size:.9rem;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #adb5bd;border-radius:4px}
button{margin-top:1.25rem;width:100%;padding:.6rem;font-size:1rem;border:0;border-radius:4px;background:#1c7ed6;color:#fff;cursor:pointer}
button.secondary{margin-top:.5rem;background:#e9ecef;color:#212529}
.code{font-family:ui-monospace,monospace;font-size:1.5rem;letter-spacing:.1em;text-align:center;color:#212529}
.error{color:#c92a2a;font-weight:600}`;

/** A page of the demo organisation's: plain HTML, no script, so it works under any CSP. */
export function demoPage(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Demo organisation</title>
<style>
${STYLE}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export const errorLine = (error: string | undefined) =>
  error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';

/** The demo organisation's sign-in form. */
export function loginPage(options: {
  action: string;
  /** Where "Cancel" goes: back to the application with “access_denied”, as a refusal does. */
  cancel: string;
  error?: string;
  username?: string;
}) {
  const users = DEMO_USERS.map((u) => `<code>${escapeHtml(u.username)}</code>`).join(', ');
  return demoPage(
    'Sign in',
    `<h1>Sign in to the demo organisation</h1>
<p>This identity provider is part of the data-service emulator. Demo users: ${users}; the password is <code>demo</code>.</p>
${errorLine(options.error)}
<form method="post" action="${escapeHtml(options.action)}">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(options.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(options.cancel)}">
<button type="submit" class="secondary">Cancel</button>
</form>`,
  );
}

export function logoutPage(form: string) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign out · Demo organisation</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f1f3f5}main{background:#fff;padding:2rem;border-radius:8px}button{padding:.6rem 1rem;font-size:1rem;margin-right:.5rem}</style>
</head>
<body><main>
<h1>Sign out of the demo organisation?</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>
</main></body></html>`;
}
