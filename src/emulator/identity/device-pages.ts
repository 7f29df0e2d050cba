import type { KoaContextWithOIDC } from 'oidc-provider';
import { demoPage, errorLine, escapeHtml } from './login-page';

/**
 * The device authorization grant's pages (RFC 8628 §3.3): the code a program shows is typed
 * here, the user sees which program asks and confirms (or refuses) before signing in, and is told
 * to go back to the terminal. oidc-provider hands each page its form; the fields are kept, the
 * markup is the demo organisation's, with labels a person (and a test) can find.
 */

/** An attribute of oidc-provider's own form, as it escaped it. */
const attribute = (form: string, pattern: RegExp) => pattern.exec(form)?.[1] ?? '';

function inputProblem(error: Error | undefined): string | undefined {
  if (!error) return undefined;
  switch (error.name) {
    case 'NoCodeError':
      return 'Enter the code your terminal shows.';
    case 'NotFoundError':
    case 'ExpiredError':
    case 'AlreadyUsedError':
      return 'That code is not valid any more, or was never issued. Start the sign-in again in your terminal.';
    case 'AbortedError':
      return 'Sign-in refused: the program was not given access.';
    default:
      return 'The sign-in could not go on. Start it again in your terminal.';
  }
}

export const deviceFlowPages = {
  userCodeInputSource(ctx: KoaContextWithOIDC, form: string, _out?: unknown, error?: Error) {
    const action = attribute(form, /action="([^"]+)"/);
    const xsrf = attribute(form, /name="xsrf" value="([^"]+)"/);
    const code = attribute(form, /value="([^"]*)" [^>]*name="user_code"/);
    ctx.type = 'html';
    ctx.body = demoPage(
      'Sign in a program',
      `<h1>Sign in a program</h1>
<p>A script, notebook or the explorer's command line asked to act as you. Enter the code it shows.</p>
${errorLine(inputProblem(error))}
<form method="post" action="${action}">
<input type="hidden" name="xsrf" value="${xsrf}">
<label for="user_code">Code</label>
<input id="user_code" name="user_code" autocomplete="off" autocapitalize="characters" required autofocus value="${code}">
<button type="submit">Continue</button>
</form>`,
    );
  },

  userCodeConfirmSource(
    ctx: KoaContextWithOIDC,
    form: string,
    client: { clientName?: string | undefined; clientId: string },
    _deviceInfo: unknown,
    userCode: string,
  ) {
    ctx.type = 'html';
    ctx.body = demoPage(
      'Confirm the program',
      `<h1>Give a program access?</h1>
<p><strong>${escapeHtml(client.clientName ?? client.clientId)}</strong> asks to use the explorer as you: to read data and to load scores, which are charged to your organisation's licence under your name.</p>
<p>Go on only if your terminal shows this code:</p>
<p class="code" aria-label="Code">${escapeHtml(userCode)}</p>
${form}
<button type="submit" form="op.deviceConfirmForm">Allow</button>
<button type="submit" class="secondary" form="op.deviceConfirmForm" name="abort" value="yes">Refuse</button>`,
    );
  },

  successSource(ctx: KoaContextWithOIDC) {
    ctx.type = 'html';
    ctx.body = demoPage(
      'Program signed in',
      `<h1>Program signed in</h1>
<p>You can close this page and go back to your terminal.</p>`,
    );
  },
};
