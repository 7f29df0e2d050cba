import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { UpgradeCheck, Usage } from '../../../../shared/api/schemas';
import { useConsentAcrossReleases } from '../../../lib/score-consent';
import { planScoreCalls, scoreBill, scoredDatasets, scoreTable } from '../scores';
import { upgradeQueries } from './upgrade-queries';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

/** The datasets of each release whose scores a mapping needs, as separately agreed parts. */
export function scoreParts(check: Ready, chosen: ReadonlyMap<number, number>) {
  const base = scoredDatasets(check.results);
  const all = scoredDatasets(check.results, chosen);
  const extra = (ids: readonly number[], kept: readonly number[]) => {
    const known = new Set(kept);
    return ids.filter((id) => !known.has(id));
  };
  // A candidate chosen later is asked for on its own, so what was loaded stays loaded and the
  // new dataset alone waits for a yes.
  return [
    { version: check.from, ids: base.from },
    { version: check.to, ids: base.to },
    { version: check.from, ids: extra(all.from, base.from) },
    { version: check.to, ids: extra(all.to, base.to) },
  ].filter((part) => part.ids.length > 0);
}

/**
 * The chosen indicators' scores of each entry's old and new dataset, in batches of 100 per
 * release, each part loading only once the user has agreed to it (the bill is stated first).
 */
export function useUpgradeScores(input: {
  check: Ready;
  systemModel: string;
  chosen: ReadonlyMap<number, number>;
  indicatorIds: readonly number[];
  charged: Usage['charged'] | undefined;
}) {
  const { check, systemModel, chosen, indicatorIds } = input;
  const releases = scoreParts(check, chosen);
  const consent = useConsentAcrossReleases(
    releases.map((part) => ({
      version: part.version,
      systemModel,
      datasetIds: part.ids,
      indicatorIds,
    })),
  );
  const calls = releases.flatMap((part, i) =>
    planScoreCalls([part], indicatorIds).map((call) => ({
      call,
      allowed: consent.covered[i] === true,
    })),
  );
  const queries = useQueries({
    queries: calls.map(({ call, allowed }) => ({
      ...upgradeQueries.scores(systemModel, call),
      enabled: allowed,
    })),
  });
  const answered = queries.map((query) => query.dataUpdatedAt).join();
  const table = useMemo(
    () =>
      scoreTable(
        calls.flatMap(({ call }, i) => {
          const page = queries[i]?.data;
          return page ? [{ version: call.version, page }] : [];
        }),
      ),
    // The answers are what the table is made of; `answered` changes whenever one does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [answered],
  );
  const bill = scoreBill(
    releases.filter((_, i) => consent.covered[i] !== true),
    indicatorIds,
    input.charged,
  );
  const waiting = releases.filter((_, i) => consent.covered[i] !== true);
  const seen = new Set(input.charged?.datasets ?? []);
  const enabled = queries.filter((_, i) => calls[i]?.allowed === true);
  const failed = queries.find((query) => query.isError);
  return {
    consent,
    /** Per release, what loading the rest asks for and how much of it is new this period. */
    bill: {
      releases: mergeByVersion(
        waiting.map((part, i) => ({
          version: part.version,
          datasets: part.ids.length,
          unseen: bill.releases[i]?.datasets ?? 0,
        })),
      ),
      newDatasets: new Set(waiting.flatMap((part) => part.ids.filter((id) => !seen.has(id)))).size,
      newIndicators: bill.indicators,
    },
    table,
    calls: enabled.length,
    done: enabled.filter((query) => query.isSuccess).length,
    loaded: queries.some((query) => query.isSuccess),
    complete: calls.length > 0 && queries.every((query) => query.isSuccess),
    error: failed?.error,
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}

function mergeByVersion(lines: readonly { version: string; datasets: number; unseen: number }[]) {
  const merged = new Map<string, { version: string; datasets: number; unseen: number }>();
  for (const line of lines) {
    const known = merged.get(line.version);
    merged.set(
      line.version,
      known
        ? { ...known, datasets: known.datasets + line.datasets, unseen: known.unseen + line.unseen }
        : { ...line },
    );
  }
  return [...merged.values()];
}
