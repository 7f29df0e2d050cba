import { describe, expect, it } from 'vitest';
import { useCli } from '../launcher/testing/cli-session';

// The command line as a person runs it (src/launcher/testing/cli-session.ts), signed in as devon: a
// mistake is one line and a non-zero exit.
const { cli } = useCli({ signedInAs: 'devon' });

describe('npx lci-explorer', () => {
  it('exits non-zero with one line for every mistake', async () => {
    const cases: [string[], number, RegExp][] = [
      [
        ['scores', '--ids', '8279', '--indicators', '99999999'],
        1,
        /indicator 99999999 is not in 3\.12 cutoff; nothing was charged/,
      ],
      [
        ['scores', '--release', '3.12/cut/off', '--ids', '1', '--indicators', '964'],
        2,
        /--release is a release such as 3\.12\/cutoff/,
      ],
      [['scores', '--ids', '1'], 2, /scores needs --indicators/],
      [['scores', '--ids', 'a0b1', '--indicators', '964'], 1, /could not be read/],
      [['usage', '--yes'], 2, /usage takes no --yes/],
      [['frobnicate'], 2, /unknown command/],
      [['usage', '--url', 'http://127.0.0.1:9'], 1, /could not reach http:\/\/127\.0\.0\.1:9/],
      [
        ['scores', '--release', '3.13', '--ids', '1', '--indicators', '964'],
        1,
        /3\.13\/cutoff is not a release of the licence/,
      ],
    ];
    for (const [args, code, message] of cases) {
      const result = await cli(args);
      const lines = result.stderr.trim().split('\n');
      expect({ args, code: result.code, last: lines.at(-1) }).toEqual({
        args,
        code,
        last: expect.stringMatching(message) as string,
      });
      expect(lines.filter((line) => line.startsWith('lci-explorer:'))).toHaveLength(1);
    }
  });
});
