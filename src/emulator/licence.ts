import { compareVersions } from '../shared/versions';
import { RELEASES } from './data/releases';

/**
 * Which version × system-model combinations the caller's licence holds. Written as
 * comma-separated `version/systemModel` pairs where either side may be `*`, with a leading `!`
 * to take a pair away again: `*\/*,!3.10/EN15804`.
 */
export interface Licence {
  allows(version: string, systemModel: string): boolean;
  /** The newest licensed release. */
  latest(): string | undefined;
  combinations(): { version: string; systemModels: string[]; releaseDate: string }[];
}

/** The demo licence lacks one combination, so the "not in your licence" path can be seen. */
export const DEFAULT_LICENCE = '*/*,!3.10/EN15804';

export class LicenceSyntaxError extends Error {}

export function parseLicence(spec: string): Licence {
  const rules = spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const deny = part.startsWith('!');
      const [version, systemModel, extra] = (deny ? part.slice(1) : part).split('/');
      if (!version || !systemModel || extra !== undefined) {
        throw new LicenceSyntaxError(`"${part}" is not of the form version/systemModel`);
      }
      return { deny, version, systemModel };
    });
  const matches = (rule: string, value: string) => rule === '*' || rule === value;
  const allows = (version: string, systemModel: string) => {
    let allowed = false;
    for (const rule of rules) {
      if (matches(rule.version, version) && matches(rule.systemModel, systemModel)) {
        allowed = !rule.deny;
      }
    }
    return (
      allowed && RELEASES.some((r) => r.version === version && r.systemModels.includes(systemModel))
    );
  };
  const combinations = () =>
    RELEASES.map((release) => ({
      version: release.version,
      releaseDate: release.releaseDate,
      systemModels: release.systemModels.filter((model) => allows(release.version, model)),
    })).filter((entry) => entry.systemModels.length > 0);
  return {
    allows,
    combinations,
    latest: () =>
      combinations()
        .map((entry) => entry.version)
        .sort(compareVersions)
        .at(-1),
  };
}
