import { z } from 'zod';
import type { Releases, VersionEntry } from '../../../shared/api/schemas';
import { compareVersions } from '../../../shared/versions';
import { readWith, type Read } from './shape';

/**
 * `GET {P}/versions`. Documented only as "all combinations in your licence", with a `results`
 * key seen by one client. Accepted: `{results: [...]}` or a bare list; entries one per version
 * (`system_models: [...]`) or one per version × system model (`system_model`), with any
 * extra fields (counts, say) ignored.
 */
const date = z.string().nullish();
const PerVersion = z.object({
  version: z.string().min(1),
  system_models: z.array(z.string().min(1)),
  release_date: date,
});
const PerPair = z.object({
  version: z.string().min(1),
  system_model: z.string().min(1),
  release_date: date,
});
const Entries = z.union([z.array(PerVersion), z.array(PerPair)]);
const VersionsAnswer = z.union([z.object({ results: Entries }), Entries]);

/** A published release is numbers and dots (`3.12`); `3.12-sandbox` and the like are not. */
const isPublishedRelease = (version: string) => /^\d+(\.\d+)*$/.test(version);

export function readVersions(body: unknown): Read<Releases> {
  const answer = readWith('GET /versions', VersionsAnswer, body);
  const wrapped = !Array.isArray(answer);
  const entries = Array.isArray(answer) ? answer : answer.results;
  const byVersion = new Map<string, VersionEntry>();
  let perPair = false;
  for (const entry of entries) {
    const release = byVersion.get(entry.version) ?? {
      version: entry.version,
      system_models: [],
      release_date: entry.release_date ?? null,
      kind: isPublishedRelease(entry.version) ? 'release' : 'other',
    };
    const models = 'system_model' in entry ? [entry.system_model] : entry.system_models;
    perPair ||= 'system_model' in entry;
    for (const model of models)
      if (!release.system_models.includes(model)) release.system_models.push(model);
    release.release_date ??= entry.release_date ?? null;
    byVersion.set(entry.version, release);
  }
  const releases = [...byVersion.values()].sort((a, b) => compareVersions(b.version, a.version));
  // A sandbox or preview is `latest` only for a licence that holds nothing else.
  const latest = releases.find((r) => r.kind === 'release') ?? releases[0];
  return {
    value: { releases, latest: latest?.version ?? null },
    variant: `${wrapped ? '{results: [...]}' : 'a bare list'}, one entry per ${perPair ? 'version × system model' : 'version'}`,
  };
}
