import { Alert, Code, Text } from '@mantine/core';
import type { PublicConfig } from '../../../../shared/config';
import { TOKEN_VARIABLE } from '../../../../shared/api/snippets';

/**
 * How a program signs in at this explorer: the command line's device sign-in, the first commands
 * a practitioner types, and the token for curl, Python and R; or why programs cannot sign in.
 */
export function TerminalSignIn({ auth, origin }: { auth: PublicConfig['auth']; origin: string }) {
  return auth.mode === 'none' ? (
    <Alert color="gray">
      Sign-in is turned off on this explorer (one person on their own machine): programs need no
      token here.
    </Alert>
  ) : auth.programClientId === null ? (
    <Alert color="yellow">
      This explorer’s identity provider has no sign-in for programs (AUTH_PROGRAM_CLIENT_ID=none).
      Ask whoever runs it to add a public client with the device authorization grant.
    </Alert>
  ) : (
    <>
      <Text size="sm">
        In the explorer’s folder, sign in once: the command shows an address and a code; open the
        address in a browser, enter the code, sign in and allow it. The sign-in is kept in your
        user’s config folder, readable by you only, and renewed by itself.
      </Text>
      <Code block aria-label="Sign-in commands">
        {[
          `npx lci-explorer login --url ${origin}`,
          `npx lci-explorer scores --release 3.12/cutoff --ids 8279,2989 --indicators 964 --format csv > scores.csv`,
          '',
          '# for curl, Python or R (a token lasts a few minutes: run it again when refused)',
          `export ${TOKEN_VARIABLE}="$(npx lci-explorer token)"`,
        ].join('\n')}
      </Code>
      <Text size="sm">
        Every page that shows data has <strong>Copy as code</strong>: the request behind it, with
        its release and indicator set, as curl, Python or R. <Code>npx lci-explorer --help</Code>{' '}
        lists the commands (<Code>upgrade</Code>, <Code>usage</Code>, <Code>logout</Code>).
      </Text>
    </>
  );
}
