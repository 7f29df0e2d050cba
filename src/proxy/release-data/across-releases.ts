import type { ListEntry } from '../../shared/api/routes';
import { HISTORY_RELEASES } from '../../shared/api/schemas';
import type { Changes, DatasetHistory, Releases, UpgradeCheck } from '../../shared/api/schemas';
import { releaseBefore, versionsWith } from '../../shared/versions';
import { ProxyError } from '../errors';
import type { Caller, ReleaseRef } from '../upstream/adapter';
import { changesAnswer, reportSteps } from './changes-answer';
import { baseEntry, earlierEntry, laterEntry, nearestReleases } from './history-entries';
import { upgradeAnswer } from './upgrade-answer';
import type { ReleaseData } from './release-data';
import type { Building } from './release-stores';

export interface AcrossReleasesDeps {
  data: ReleaseData;
  /** The releases `/api/versions` lists: nothing else is ever read. */
  listed: (caller: Caller) => Promise<Releases>;
}

/** Read and matched: the answer, built when the cache has none. */
type Ready<T> = { status: 'ready'; answer: () => Extract<T, { status: 'ready' }> };

/**
 * The changes, upgrade-check and history routes' work: which releases they need (only listed
 * ones, so no request can make the proxy read a release of its choosing), whether those are
 * read yet, and the answer from their matched documents. Reading is shared with the sector
 * index; matching a pair of releases is done once.
 */
export function createAcrossReleases({ data, listed }: AcrossReleasesDeps) {
  /** The listed versions having this system model, newest first whatever the listing's order. */
  async function versionsOf(caller: Caller, systemModel: string): Promise<string[]> {
    return versionsWith((await listed(caller)).releases, systemModel);
  }

  function notListed(release: ReleaseRef) {
    return new ProxyError(404, 'not_found', {
      detail: `The licence lists no release ${release.version} with system model ${release.systemModel}.`,
      hint: 'GET /api/versions lists the releases',
    });
  }

  /** Both releases listed and different; their documents and their match once read. */
  async function pairOf(caller: Caller, from: ReleaseRef, to: ReleaseRef) {
    const versions = await versionsOf(caller, to.systemModel);
    for (const release of [to, from])
      if (!versions.includes(release.version)) throw notListed(release);
    if (from.version === to.version)
      throw new ProxyError(400, 'validation_failed', {
        detail: `Compare ${to.version} with another release: from and version are the same.`,
        errors: [{ field: 'query.from', message: 'must differ from version' }],
      });
    // The listed releases from one to the other, those between included: a dataset is followed
    // through each, as its history follows it, so a move two releases back is still seen. Past
    // what the proxy holds at once, the two are matched directly.
    const [i, j] = [versions.indexOf(from.version), versions.indexOf(to.version)];
    const along = versions.slice(Math.min(i, j), Math.max(i, j) + 1);
    if (i > j) along.reverse();
    const chain = (along.length <= HISTORY_RELEASES ? along : [from.version, to.version]).map(
      (version) => ({ version, systemModel: to.systemModel }),
    );
    const state = data.all(caller, chain);
    if (state.status === 'building') return state;
    const fromDocs = state.values[0];
    const toDocs = state.values.at(-1);
    if (!fromDocs || !toDocs || fromDocs === toDocs)
      throw new Error('two releases asked, fewer read');
    const decision = data.decision(state.values);
    const steps = reportSteps(state.values, decision);
    return { status: 'ready' as const, fromDocs, toDocs, decision, steps };
  }

  return {
    /** `from` defaults to the listed release before `to` in its system model. */
    async changes(
      caller: Caller,
      to: ReleaseRef,
      fromVersion: string | undefined,
    ): Promise<(Ready<Changes> & { from: ReleaseRef }) | Building> {
      let version = fromVersion;
      if (version === undefined) {
        const { releases } = await listed(caller);
        const toListed = versionsWith(releases, to.systemModel).includes(to.version);
        // The release before, decided as the SPA decides it (src/shared/versions.ts).
        version = toListed ? releaseBefore(releases, to)?.version : undefined;
        if (version === undefined)
          throw new ProxyError(404, 'not_found', {
            detail: `The licence lists no release before ${to.version} with system model ${to.systemModel}.`,
            hint: 'Give the release to compare with as `from`.',
          });
      }
      const from = { version, systemModel: to.systemModel };
      const pair = await pairOf(caller, from, to);
      if (pair.status === 'building') return pair;
      return {
        status: 'ready',
        from,
        answer: () => changesAnswer(pair.fromDocs, pair.toDocs, pair.decision, pair.steps),
      };
    },

    async upgradeCheck(
      caller: Caller,
      to: ReleaseRef,
      fromVersion: string,
      entries: readonly ListEntry[],
    ): Promise<Extract<UpgradeCheck, { status: 'ready' }> | Building> {
      const pair = await pairOf(caller, { version: fromVersion, systemModel: to.systemModel }, to);
      if (pair.status === 'building') return pair;
      return upgradeAnswer(entries, pair.fromDocs, pair.toDocs, pair.decision, pair.steps);
    },

    /** The dataset `id` of `base` in every listed release of its system model. */
    async history(
      caller: Caller,
      base: ReleaseRef,
      id: number,
    ): Promise<Ready<DatasetHistory> | Building> {
      const versions = await versionsOf(caller, base.systemModel);
      if (!versions.includes(base.version)) throw notListed(base);
      // The releases nearest the one asked about, as many as the proxy holds at once: asking
      // for more would have each one read push out another, and the history never be ready.
      const { kept, omitted } = nearestReleases(versions, base.version, HISTORY_RELEASES);
      const releases = kept.map((version) => ({ version, systemModel: base.systemModel }));
      const state = data.all(caller, releases);
      if (state.status === 'building') return state;
      const baseDocs = state.values.find((docs) => docs.release.version === base.version);
      const doc = baseDocs?.index.byId.get(id);
      if (!baseDocs || !doc)
        throw new ProxyError(404, 'not_found', {
          detail: `Release ${base.version} (${base.systemModel}) has no dataset ${id}.`,
        });
      const position = state.values.indexOf(baseDocs);
      return {
        status: 'ready',
        answer: () => ({
          status: 'ready',
          id,
          version: base.version,
          system_model: base.systemModel,
          // Newest first. A later release: what the dataset became there, followed through the
          // releases between; an earlier one: what it was there, decided from that release on,
          // so each entry says what the changes and the upgrade check between the two say.
          releases: state.values.map((other, i) => {
            if (other === baseDocs) return baseEntry(baseDocs, doc);
            if (i < position) {
              const chain = state.values.slice(i, position + 1).reverse();
              const fate = data.decision(chain).fates.get(doc.id);
              if (!fate) throw new Error('the dataset asked about has no fate');
              return laterEntry(other.release.version, fate);
            }
            const chain = state.values.slice(position, i + 1).reverse();
            return earlierEntry(other.release.version, doc, data.decision(chain));
          }),
          omitted,
        }),
      };
    },
  };
}

export type AcrossReleases = ReturnType<typeof createAcrossReleases>;
