/** Why signing in did not work, in words for the person at the screen. */
export interface SignInProblem {
  title: string;
  detail: string;
}

const AGAIN = 'Sign in again to go on.';

/** What the identity provider added in its own words, quoted, when it said anything. */
function saying(description: unknown): string {
  if (typeof description !== 'string' || description.trim() === '') return '';
  const words = description.trim().slice(0, 200);
  // One full stop: “… signing in.” is not followed by another.
  return ` It said: “${words}”${/[.!?]$/.test(words) ? '' : '.'}`;
}

/**
 * oidc-client-ts reports a refusal as an `ErrorResponse` carrying the OAuth `error` code, and
 * everything else as an Error whose message was written for developers ("No matching state
 * found in storage"). Each known case is told in plain words; an unknown one keeps its message,
 * which is still better than nothing said.
 */
export function signInProblem(error: Error): SignInProblem {
  const { error: code, error_description: description } = error as Error & {
    error?: unknown;
    error_description?: unknown;
  };
  if (error.name === 'ErrorResponse' && typeof code === 'string') {
    switch (code) {
      case 'access_denied':
        return {
          title: 'You were not signed in',
          detail: `The identity provider did not sign you in: you cancelled, or your account may not use the explorer.${saying(description)} ${AGAIN} If it is refused again, ask whoever runs your organisation’s sign-in for access.`,
        };
      case 'login_required':
      case 'interaction_required':
      case 'consent_required':
        return {
          title: 'Your session has ended',
          detail: `The identity provider needs you to sign in yourself.${saying(description)} ${AGAIN}`,
        };
      case 'invalid_grant':
        return {
          title: 'This sign-in has run out',
          detail: `The identity provider no longer accepts this sign-in (it took too long, or it was used already).${saying(description)} ${AGAIN}`,
        };
      default:
        return {
          title: 'Sign-in did not work',
          detail: `The identity provider refused with “${code.slice(0, 60)}”.${saying(description)} ${AGAIN}`,
        };
    }
  }
  if (error.name === 'ErrorTimeout') {
    return {
      title: 'Sign-in did not work',
      detail: 'The identity provider did not answer in time. Try again in a moment.',
    };
  }
  if (/no matching state/i.test(error.message)) {
    // The callback's state is not one this browser is waiting for: the address was opened
    // again (a reload, Back, a bookmark), or the sign-in began in another browser.
    return {
      title: 'This sign-in is over',
      detail: `This page finished a sign-in that is completed already, or one begun in another browser. ${AGAIN}`,
    };
  }
  if (error instanceof TypeError) {
    return {
      title: 'Sign-in did not work',
      detail:
        'The identity provider could not be reached to finish signing in. Check the connection and try again.',
    };
  }
  return { title: 'Sign-in did not work', detail: error.message || AGAIN };
}
