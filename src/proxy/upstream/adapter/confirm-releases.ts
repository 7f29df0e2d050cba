import type { Releases, VersionEntry } from '../../../shared/api/schemas';
import { ProxyError } from '../../errors';
import { mapLimit } from '../paging';

/**
 * Listed values are tried before they are trusted: `/versions` lists the release × system-model
 * combinations of the licence, but only the data routes say which of them they take. Each listed
 * combination is asked of the search once (one row, free); a system model the data routes refuse
 * under its listed name is tried under its code when the adapter knows the name (ecoinvent's own
 * long names), and reported; one that no known name makes work is left out of what the explorer
 * offers and named (`refused`). A probe that timed out or failed concludes nothing: the
 * combination stays as listed and is tried again at the next reading of `/versions`.
 */

/**
 * Long names of system models, as ecoinvent's other services and files give them (upstream-api.md
 * §4, from ecoinvent_interface), and the codes the data routes take. Mapped and reported, never
 * guessed further: a name not here that the data routes refuse is named for this table.
 */
const SYSTEM_MODEL_CODES: Readonly<Record<string, string>> = {
  'Allocation, cut-off by classification': 'cutoff',
  'Allocation cut-off by classification': 'cutoff',
  'Substitution, consequential, long-term': 'consequential',
  'Allocation at the Point of Substitution': 'apos',
  'Allocation at the point of substitution': 'apos',
  'Allocation, cut-off, EN15804': 'EN15804',
};

type Outcome = 'accepted' | 'refused' | 'unknown';
type Confirmed = { as: string } | { refused: true };

/** Combinations remembered at most (each release × system model is a handful of bytes). */
const MAX_REMEMBERED = 2_000;
/** Probes in flight at once. */
const CONCURRENCY = 4;

/** What was found, in words for the adapter's report (and the contract check). */
export function describeVocabulary(vocabulary: Vocabulary): string {
  const parts = [
    ...(vocabulary.mapped.length > 0
      ? [`system models listed by other names, mapped: ${vocabulary.mapped.join('; ')}`]
      : []),
    ...(vocabulary.refused.length > 0
      ? [
          `refused by the data routes as listed, and no known name for them: ${vocabulary.refused.join('; ')}`,
        ]
      : []),
    ...(vocabulary.unanswered.length > 0
      ? [`not confirmed (no answer): ${vocabulary.unanswered.join('; ')}`]
      : []),
  ];
  return parts.join('; ') || 'every listed combination taken by the data routes';
}

export interface Vocabulary {
  /** Listed names read as codes: "Allocation, cut-off by classification → cutoff". */
  mapped: string[];
  /** Listed combinations no known name makes work: "3.12 Cut-off (by classification)". */
  refused: string[];
  /** Combinations whose probe did not answer (not concluded). */
  unanswered: string[];
}

/**
 * What one free probe of the data routes says of a combination: answered (accepted), refused in
 * the API's own words (its 404, 422, or 403), or nothing (a timeout, a 5xx, a gateway's page).
 */
async function outcomeOf(probe: () => Promise<unknown>): Promise<Outcome> {
  try {
    await probe();
    return 'accepted';
  } catch (error) {
    if (!(error instanceof ProxyError)) throw error;
    const refused =
      (error.status === 404 && error.code === 'not_found') ||
      (error.status === 422 && error.code === 'validation_failed') ||
      (error.status === 403 && error.code === 'not_licensed');
    return refused ? 'refused' : 'unknown';
  }
}

/** One probe of the data routes with a release and system model, as the adapter asks it. */
type Probe = (version: string, systemModel: string) => Promise<unknown>;

export function createReleaseConfirmation() {
  const confirmed = new Map<string, Confirmed>();
  const remember = (key: string, value: Confirmed) => {
    if (confirmed.size >= MAX_REMEMBERED) confirmed.delete(confirmed.keys().next().value ?? '');
    confirmed.set(key, value);
  };

  /** A listed system model as the data routes take it, or refused, or undefined: not concluded. */
  async function confirm(
    probe: Probe,
    version: string,
    listed: string,
  ): Promise<Confirmed | undefined> {
    const key = `${version}\u0000${listed}`;
    const known = confirmed.get(key);
    if (known) return known;
    const outcome = await outcomeOf(() => probe(version, listed));
    if (outcome === 'unknown') return undefined;
    if (outcome === 'accepted') {
      remember(key, { as: listed });
      return { as: listed };
    }
    const code = SYSTEM_MODEL_CODES[listed];
    if (code !== undefined && code !== listed) {
      const coded = await outcomeOf(() => probe(version, code));
      if (coded === 'unknown') return undefined;
      if (coded === 'accepted') {
        remember(key, { as: code });
        return { as: code };
      }
    }
    remember(key, { refused: true });
    return { refused: true };
  }

  /** The releases with each system model as the data routes take it, and what was found. */
  return async function confirmReleases(
    releases: Releases,
    probe: Probe,
  ): Promise<{ value: Releases; vocabulary: Vocabulary }> {
    const pairs = releases.releases.flatMap((entry) =>
      entry.system_models.map((listed) => ({ entry, listed })),
    );
    const answers = await mapLimit(pairs, CONCURRENCY, ({ entry, listed }) =>
      confirm(probe, entry.version, listed),
    );
    const vocabulary: Vocabulary = { mapped: [], refused: [], unanswered: [] };
    const byVersion = new Map<string, VersionEntry>();
    pairs.forEach(({ entry, listed }, index) => {
      const answer = answers[index];
      const release = byVersion.get(entry.version) ?? { ...entry, system_models: [] };
      byVersion.set(entry.version, release);
      if (answer === undefined) {
        vocabulary.unanswered.push(`${entry.version} ${listed}`);
        release.system_models.push(listed);
      } else if ('refused' in answer) {
        vocabulary.refused.push(`${entry.version} ${listed}`);
        release.refused = [...(release.refused ?? []), listed];
      } else {
        if (answer.as !== listed) {
          const mapping = `${listed} → ${answer.as}`;
          if (!vocabulary.mapped.includes(mapping)) vocabulary.mapped.push(mapping);
        }
        if (!release.system_models.includes(answer.as)) release.system_models.push(answer.as);
      }
    });
    const confirmedReleases = releases.releases.map(
      (entry) => byVersion.get(entry.version) ?? entry,
    );
    // `latest` stands for a release the explorer can open.
    const usable = confirmedReleases.filter((entry) => entry.system_models.length > 0);
    const latest =
      usable.find((entry) => entry.version === releases.latest) ??
      usable.find((entry) => entry.kind === 'release') ??
      usable[0];
    return {
      value: { releases: confirmedReleases, latest: latest?.version ?? null },
      vocabulary,
    };
  };
}
