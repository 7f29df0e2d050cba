import { useQueries } from '@tanstack/react-query';
import type { ReportStep, UpgradeResult } from '../../../../shared/api/schemas';
import { compareVersions } from '../../../../shared/versions';
import type { ReleaseRef } from '../../../config/routes';
import { canonical, releaseKey } from '../../scores/planner';
import { isOlder, type Column } from '../columns';
import { compareQueries } from './compare-queries';

/** What became of a column's dataset from one release to another, as the upgrade check says. */
export interface ColumnFate {
  column: Column;
  /** The release the dataset is read in. */
  from: ReleaseRef;
  /** The release it is followed to. */
  to: ReleaseRef;
  status: 'reading' | 'ready' | 'failed';
  /** While the releases are being read: datasets read of all. */
  progress?: { done: number; total: number } | undefined;
  result?: UpgradeResult | undefined;
  reports?: readonly ReportStep[] | undefined;
  error?: Error | undefined;
}

/** A column whose dataset is not in its release, and what the explorer knows of it. */
export interface MissingColumn {
  column: Column;
  status: 'looking' | 'ready' | 'failed';
  /** The licence's releases that hold its ID, newest first. */
  holders: ReleaseRef[];
  /** What it became, from the newest older release of the same system model that holds it. */
  fate?: ColumnFate | undefined;
  error?: Error | undefined;
}

interface Ask {
  column: Column;
  from: ReleaseRef;
  to: ReleaseRef;
}

const groupKey = (ask: Pick<Ask, 'from' | 'to'>) => `${releaseKey(ask.to)}<${ask.from.version}`;

/**
 * What became of the columns' datasets, from the engine behind What changed and the upgrade
 * check (free): a column whose ID is not in its release, followed from the newest older release
 * that holds it; and a column of an older release, followed to the release the page shows.
 */
export function useColumnFates(input: {
  shown: ReleaseRef;
  missing: readonly Column[];
  /** The columns shown, some of an older release than the page's. */
  columns: readonly Column[];
}) {
  const ids = canonical(input.missing.map((column) => column.id));
  const holders = useQueries({ queries: ids.map((id) => compareQueries.releasesOf(id)) });
  const holdersOf = (id: number) => {
    const query = holders[ids.indexOf(id)];
    return {
      query,
      releases: (query?.data?.releases ?? []).map((release) => ({
        version: release.version,
        systemModel: release.system_model,
      })),
    };
  };

  const asks: Ask[] = [];
  for (const column of input.missing) {
    const source = holdersOf(column.id)
      .releases.filter((release) => isOlder(release, column.release))
      .sort((a, b) => compareVersions(b.version, a.version))[0];
    if (source) asks.push({ column, from: source, to: column.release });
  }
  for (const column of input.columns)
    if (isOlder(column.release, input.shown))
      asks.push({ column, from: column.release, to: input.shown });

  const groups = new Map<string, { to: ReleaseRef; from: string; ids: number[] }>();
  for (const ask of asks) {
    const key = groupKey(ask);
    const group = groups.get(key) ?? { to: ask.to, from: ask.from.version, ids: [] };
    group.ids.push(ask.column.id);
    groups.set(key, group);
  }
  const listed = [...groups.entries()].map(([key, group]) => ({
    key,
    ...group,
    ids: canonical(group.ids),
  }));
  const checks = useQueries({
    queries: listed.map((group) => compareQueries.fates(group.to, group.from, group.ids)),
  });

  const fateOf = (ask: Ask): ColumnFate => {
    const at = listed.findIndex((group) => group.key === groupKey(ask));
    const query = checks[at];
    const base = { column: ask.column, from: ask.from, to: ask.to };
    const data = query?.data;
    if (query?.isError) return { ...base, status: 'failed', error: query.error };
    if (!data || data.status === 'building')
      return {
        ...base,
        status: 'reading',
        progress: data?.status === 'building' ? { done: data.done, total: data.total } : undefined,
      };
    const line = (listed[at]?.ids.indexOf(ask.column.id) ?? -1) + 1;
    return {
      ...base,
      status: 'ready',
      result: data.results.find((result) => result.line === line),
      reports: data.reports,
    };
  };
  const fates = new Map(asks.map((ask) => [ask.column.key, fateOf(ask)]));

  return {
    missing: input.missing.map((column): MissingColumn => {
      const { query, releases } = holdersOf(column.id);
      if (query?.isError) return { column, status: 'failed', holders: [], error: query.error };
      if (!query?.data) return { column, status: 'looking', holders: [] };
      return { column, status: 'ready', holders: releases, fate: fates.get(column.key) };
    }),
    /** The columns of an older release, each with what became of it in the page's release. */
    older: input.columns.flatMap((column) => {
      const fate = isOlder(column.release, input.shown) ? fates.get(column.key) : undefined;
      return fate ? [fate] : [];
    }),
  };
}
