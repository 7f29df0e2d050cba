import { evolveRelease } from './evolve';
import {
  CUTOFF_DATASETS,
  IdAllocator,
  makeRecord,
  PINNED_IDS,
  placeIn,
  VERSIONS,
  type DatasetRecord,
  type GeneratedRelease,
} from './records';
import { uniform } from './hash';
import { buildTemplates, type Template } from './templates';

export { VERSIONS, type ChangeKind, type DatasetRecord, type GeneratedRelease } from './records';

export interface Catalogue {
  releases: Map<string, GeneratedRelease>;
  /** Extra datasets only the apos system model has, per release. */
  aposExtras: Map<string, DatasetRecord[]>;
}

interface Candidate {
  template: Template;
  code: string;
  rank: number;
}

/** Every (template, geography) ordered by how early a database would have it. */
function rankedCandidates(templates: readonly Template[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const t of templates) {
    t.geographies.forEach((code, position) => {
      const seen = t.curated && position < 3 ? -2 : 0;
      candidates.push({
        template: t,
        code,
        rank: seen + position / t.density + uniform(`rank|${t.activity}|${code}`),
      });
    });
  }
  return candidates.sort((a, b) => a.rank - b.rank);
}

/**
 * Builds every release: 3.10 from the ranked candidates, then each later release from the one
 * before with the real rates of change (demo-data-facts.md §10.3).
 */
export function buildCatalogue(scale: number): Catalogue {
  const templates = buildTemplates();
  const candidates = rankedCandidates(templates);
  const ids = new IdAllocator();
  const sizeOf = (version: string) =>
    Math.max(50, Math.round((CUTOFF_DATASETS[version] ?? 19_000) * scale));
  const baselineSize = sizeOf(VERSIONS[0]);
  const used = new Set<string>();
  const useKey = (t: Template, code: string) => `${t.activity}|${t.product}|${code}`;
  let cursor = 0;
  const takeCandidate = (): Candidate | undefined => {
    while (cursor < candidates.length) {
      const candidate = candidates[cursor++];
      if (candidate && !used.has(useKey(candidate.template, candidate.code))) {
        used.add(useKey(candidate.template, candidate.code));
        return candidate;
      }
    }
    return undefined;
  };

  const first = VERSIONS[0];
  const baseline: DatasetRecord[] = [];
  const pinnedWaiting: DatasetRecord[] = [];
  for (let i = 0; i < baselineSize; i++) {
    const candidate = takeCandidate();
    if (!candidate) break;
    const pinned = PINNED_IDS[`${candidate.template.activity}|${candidate.code}`];
    const record = makeRecord(candidate.template, candidate.code, first, pinned ?? 0);
    (pinned ? pinnedWaiting : baseline).push(record);
  }
  // IDs are handed out in a shuffled order, so they look unordered as real ones do.
  const order = new Map(baseline.map((record) => [record, uniform(`id-order|${record.scoreKey}`)]));
  baseline.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  for (const record of baseline) record.id = ids.allocate();
  baseline.push(...pinnedWaiting);

  const releases = new Map<string, GeneratedRelease>();
  releases.set(first, {
    version: first,
    datasets: baseline,
    changes: new Map(baseline.map((r) => [r.id, 'new' as const])),
    retired: [],
    origins: new Map(),
    shares: new Map(),
  });
  const sectorPool = [...new Set(templates.flatMap((t) => t.sectors))].sort();

  let previous = baseline;
  for (const version of VERSIONS.slice(1)) {
    const release = evolveRelease(previous, version, {
      ids,
      size: sizeOf(version),
      isFree: (t, code) => !used.has(useKey(t, code)),
      use: (t, code) => used.add(useKey(t, code)),
      takeCandidate,
      sectorPool,
    });
    releases.set(version, release);
    previous = release.datasets;
  }

  // apos has about 1 % more datasets than cutoff: treatments of by-products it allocates to.
  const aposExtras = new Map<string, DatasetRecord[]>();
  const extras: DatasetRecord[] = [];
  const aposCount = Math.round(baselineSize * 0.01);
  for (let i = 0; i < aposCount; i++) {
    const candidate = takeCandidate();
    if (!candidate) break;
    extras.push(makeRecord(candidate.template, candidate.code, first, ids.allocate()));
  }
  // The same datasets in every release, their geography as each release names it.
  for (const version of VERSIONS)
    aposExtras.set(
      version,
      extras.map((record) => {
        const geography = placeIn(record.geography.code, version);
        return geography.display === record.geography.display ? record : { ...record, geography };
      }),
    );
  return { releases, aposExtras };
}

/**
 * consequential drops market groups and about 10 % more (by-product routes); stable per dataset
 * and along its lineage, so what a dataset was split or merged into is there when it was.
 */
export function inConsequential(record: DatasetRecord): boolean {
  return (
    record.type !== 'market group' &&
    uniform(`consequential|${record.lineageKey ?? record.scoreKey}`) >= 0.1
  );
}
