import { useQueries } from '@tanstack/react-query';
import type { Dataset, Indicator } from '../../../../shared/api/schemas';
import type { ReleaseRef } from '../../../config/routes';
import { scoreQueries } from '../../scores/api/score-queries';
import { useConsentedScores } from '../../scores/api/use-consented-scores';
import type { Charged } from '../../scores/bill';
import { canonical, releaseKey } from '../../scores/planner';
import {
  followIndicatorsIn,
  releasesOf,
  sameRelease,
  scoredOn,
  type Column,
  type Followed,
  type ShownColumn,
} from '../columns';
import { useUnchanged } from '../../../lib/unchanged';
import { compareQueries } from './compare-queries';

/** The same columns, each of the same dataset answer: the table's headers need not be drawn again. */
const sameColumns = (a: readonly ShownColumn[], b: readonly ShownColumn[]) =>
  a.length === b.length &&
  a.every((column, i) => {
    const other = b[i];
    return column.key === other?.key && column.dataset === other.dataset;
  });

/**
 * The columns' documentation (free, always) and their scores on the rows' indicators, each
 * column in its own release on each indicator's counterpart there, in as few batch calls as the
 * limits allow. Within one release, the part already charged this period loads by itself (it
 * bills nothing new); across several, each release waits for its yes, as every page that spans
 * releases does, and a release waits until its indicators are followed, so its bill is whole.
 */
export function useComparison(input: {
  /** The page's release: the rows are its catalogue's indicators. */
  shown: ReleaseRef;
  columns: readonly Column[];
  rows: readonly Indicator[];
  charged: Charged | undefined;
}) {
  const { shown, columns, rows } = input;
  const releases = releasesOf(columns);
  const others = releases.filter((release) => !sameRelease(release, shown));
  // The page's indicators as its version lists them in the column's system model, followed to
  // the column's version (the catalogues are the same across system models, but not by rule).
  const counterparts = useQueries({
    queries: others.map((release) => ({
      ...compareQueries.counterparts(
        { version: shown.version, systemModel: release.systemModel },
        release.version,
      ),
      enabled: rows.length > 0,
    })),
  });
  const followedIn = new Map<string, Map<number, Followed>>(
    releases.map((release) => {
      const at = others.findIndex((other) => sameRelease(other, release));
      const answer = at < 0 ? {} : { data: counterparts[at]?.data, error: counterparts[at]?.error };
      return [releaseKey(release), followIndicatorsIn(release, shown, rows, answer)];
    }),
  );
  const followed = (release: ReleaseRef, rowId: number): Followed | undefined =>
    followedIn.get(releaseKey(release))?.get(rowId);
  const pending = (release: ReleaseRef) =>
    rows.some((row) => followed(release, row.id)?.kind === 'pending');

  // The documentation (free), read apart from the scores: a Dataset ID its release lacks is
  // then left out of the bill, which would otherwise count a dataset nobody can be charged for.
  const idsIn = (release: ReleaseRef) =>
    columns.filter((c) => sameRelease(c.release, release)).map((c) => c.id);
  const documentation = releases.map((release) =>
    scoreQueries.documentation(release, idsIn(release)),
  );
  const read = useQueries({ queries: documentation.flat() });
  const byRelease = new Map<string, { pending: boolean; datasets: Map<number, Dataset> }>();
  let at = 0;
  for (const [i, calls] of documentation.entries()) {
    const answers = read.slice(at, at + calls.length);
    at += calls.length;
    const release = releases[i];
    if (!release) continue;
    byRelease.set(releaseKey(release), {
      pending: answers.some((query) => !query.isSuccess),
      datasets: new Map(
        answers
          .flatMap((query) => query.data?.datasets ?? [])
          .map((dataset) => [dataset.id, dataset]),
      ),
    });
  }
  const documented = (release: ReleaseRef) => byRelease.get(releaseKey(release));
  /** Known not to be in its release: asked for, answered, and absent. */
  const absent = (column: Column) => {
    const known = documented(column.release);
    return known !== undefined && !known.pending && !known.datasets.has(column.id);
  };

  const requests = releases.map((release) => ({
    ...release,
    datasetIds: columns
      .filter((c) => sameRelease(c.release, release) && !absent(c))
      .map((c) => c.id),
    indicatorIds: pending(release)
      ? []
      : canonical(rows.flatMap((row) => scoredOn(followed(release, row.id))?.id ?? [])),
  }));
  const scores = useConsentedScores({
    requests,
    charged: input.charged,
    scope: releases.length > 1 ? 'releases' : 'release',
    by: 'batch',
  });
  const of = (column: Column) => scores.answers.of(column.release);
  const shownColumns = useUnchanged(
    columns.flatMap((column): ShownColumn[] => {
      const dataset = documented(column.release)?.datasets.get(column.id);
      return dataset ? [{ ...column, dataset }] : [];
    }),
    sameColumns,
  );
  const documentationPending = read.some((query) => query.isPending);
  const documentationFailed = read.find((query) => query.isError);
  return {
    ...scores,
    documentationPending,
    error: documentationFailed?.error ?? scores.error,
    retry: () => {
      for (const query of read) if (query.isError) void query.refetch();
      scores.retry();
    },
    /** What is asked of each release: its columns' datasets on the rows' indicators there. */
    requests,
    /** The columns whose dataset is in its release, in the link's order. */
    shownColumns,
    /**
     * Asked for, but not in the release named: each may have become something else. Known only
     * once every release's documentation is in (a failed call is not an answer).
     */
    missing: columns.filter(absent),
    /** A row's indicator in a column's release. */
    followed,
    /** Some release's indicators are still being followed: its scores wait. */
    indicatorsPending: releases.some(pending),
    /** The release whose indicators could not be followed, and why. */
    indicatorsFailed: counterparts.find((query) => query.isError)?.error ?? undefined,
    /** A column's score for a row, on the row's indicator in its release. */
    value: (column: Column, rowId: number) => {
      const indicator = scoredOn(followed(column.release, rowId));
      return indicator && of(column).scores.get(column.id)?.get(indicator.id)?.score;
    },
    /**
     * Where a column's score for a row came from (service, time, explorer version, digest): the
     * answer that gave it, or gave none; undefined while not asked.
     */
    provenance: (column: Column, rowId: number) => {
      const indicator = scoredOn(followed(column.release, rowId));
      return indicator && of(column).provenance?.(column.id, indicator.id);
    },
    /** Whether a column's score for a row was asked for (and so is missing only if the service has none). */
    loaded: (column: Column, rowId: number) => {
      const indicator = scoredOn(followed(column.release, rowId));
      return indicator !== undefined && of(column).answered(column.id, indicator.id);
    },
    retryIndicators: () => {
      for (const query of counterparts) if (query.isError) void query.refetch();
    },
  };
}

export type Comparison = ReturnType<typeof useComparison>;
