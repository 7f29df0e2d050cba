import type { ListEntry } from '../../shared/api/routes';
import type { DatasetPage, Releases } from '../../shared/api/schemas';
import type { DatasetSuccessors } from '../../shared/api/successors';
import { parseLookupKey, type LookupKey } from '../../shared/lookup';
import { versionsWith } from '../../shared/versions';
import { ProxyError } from '../errors';
import type { Caller, ReleaseRef } from '../upstream/adapter';
import type { AcrossReleases } from './across-releases';
import { mapLimit } from './read-release';

export interface SuccessorsDeps {
  /** The releases `/api/versions` lists: nothing else is asked or read. */
  listed: (caller: Caller) => Promise<Releases>;
  /** Whether one release holds a Dataset ID, by its documentation (free, cached). */
  holds: (caller: Caller, release: ReleaseRef, id: number) => Promise<boolean>;
  /** Datasets by Spold UUIDs in one release (free, cached); 501 when the service has no lookup. */
  spold: (
    caller: Caller,
    release: ReleaseRef,
    uuids: { activity?: string; product?: string },
  ) => Promise<{ value: DatasetPage }>;
  acrossReleases: Pick<AcrossReleases, 'upgradeCheck'>;
}

type Key = Exclude<LookupKey, { kind: 'invalid' }>;

/** The key as an entry of a list of one, as the upgrade check reads it. */
function entryOf(key: Key): ListEntry {
  switch (key.kind) {
    case 'dataset-id':
      return { line: 1, kind: 'id', id: key.id };
    case 'uuid':
      return { line: 1, kind: 'uuid', uuid: key.uuid };
    case 'spold-file':
      return {
        line: 1,
        kind: 'file',
        activity_uuid: key.activityUuid,
        product_uuid: key.productUuid,
      };
  }
}

const keyText = (key: Key) =>
  key.kind === 'dataset-id'
    ? String(key.id)
    : key.kind === 'uuid'
      ? key.uuid
      : `${key.activityUuid}_${key.productUuid}.spold`;

/** Releases asked at once whether they hold the key, as the releases of a Dataset ID are. */
const AT_ONCE = 4;

/**
 * What a Dataset ID, Spold UUID or ecoSpold file name of another release became in the one
 * shown. Where it is is asked of each listed release the cheap way (a documentation or Spold
 * lookup, free and cached, the same calls the releases of a Dataset ID and the lookup make);
 * it is then followed from the nearest release of the system model that has it, older ones
 * first, by the upgrade check itself, so the answer is the check's verdict for a list of that
 * one entry and can never differ from it.
 */
export function createSuccessors({
  listed,
  holds: holdsId,
  spold,
  acrossReleases,
}: SuccessorsDeps) {
  /** Whether a release has the dataset(s) the entry names, as the upgrade check resolves it. */
  async function holds(caller: Caller, release: ReleaseRef, entry: ListEntry): Promise<boolean> {
    if (entry.kind === 'id') return holdsId(caller, release, entry.id);
    const lookups =
      entry.kind === 'file'
        ? [{ activity: entry.activity_uuid, product: entry.product_uuid }]
        : entry.kind === 'uuid'
          ? [{ activity: entry.uuid }, { product: entry.uuid }]
          : [];
    const pages = await Promise.all(lookups.map((uuids) => spold(caller, release, uuids)));
    return pages.some((page) => page.value.total > 0);
  }

  return {
    async follow(caller: Caller, to: ReleaseRef, text: string): Promise<DatasetSuccessors> {
      const key = parseLookupKey(text);
      // The route's schema refuses these first; a caller in code gets the same sentence.
      if (key.kind === 'invalid')
        throw new ProxyError(400, 'validation_failed', {
          detail: key.reason,
          errors: [{ field: 'query.key', message: key.reason }],
        });
      const entry = entryOf(key);
      const listing = (await listed(caller)).releases;
      const releases = listing.flatMap((release) =>
        release.system_models.map((systemModel) => ({ version: release.version, systemModel })),
      );
      const versions = versionsWith(listing, to.systemModel);
      const at = versions.indexOf(to.version);
      if (at < 0)
        throw new ProxyError(404, 'not_found', {
          detail: `The licence lists no release ${to.version} with system model ${to.systemModel}.`,
          hint: 'GET /api/versions lists the releases',
        });
      const held = await mapLimit(releases, AT_ONCE, (release) => holds(caller, release, entry));
      const holding = releases.filter((_, i) => held[i]);
      const has = (version: string) =>
        holding.some((r) => r.version === version && r.systemModel === to.systemModel);
      // Newest first: the older ones from the nearest, then the newer ones from the nearest.
      const nearest = [...versions.slice(at + 1), ...versions.slice(0, at).reverse()];
      const from = has(to.version) ? null : (nearest.find(has) ?? null);
      const found = {
        found_in: holding.map((r) => ({ version: r.version, system_model: r.systemModel })),
        from,
      };
      const ready = {
        status: 'ready' as const,
        key: keyText(key),
        version: to.version,
        system_model: to.systemModel,
        ...found,
      };
      if (from === null) return { ...ready, result: null, reports: [] };
      const check = await acrossReleases.upgradeCheck(caller, to, from, [entry]);
      if (check.status === 'building') return { ...check, ...found };
      const [result] = check.results;
      if (!result) throw new Error('an upgrade check of one entry gave no result');
      return { ...ready, result, reports: check.reports };
    },
  };
}

export type Successors = ReturnType<typeof createSuccessors>;
