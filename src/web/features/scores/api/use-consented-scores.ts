import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { MAX_PAGE_LIMIT } from '../../../../shared/api/routes';
import type { Dataset } from '../../../../shared/api/schemas';
import { mergeAnswers, type CallAnswer } from '../answers';
import { alreadyCharged, scoreBill, type Charged } from '../bill';
import { useScoreConsent, type ScoreScope } from '../consent';
import {
  asksForScores,
  planCalls,
  releaseKey,
  type ScoreCall,
  type ScoreRequest,
} from '../planner';
import { scoreQueries } from './score-queries';

export interface ConsentedScoresInput {
  /** One per release, or per part of a release agreed to separately. */
  requests: readonly ScoreRequest[];
  /** What the proxy's ledger has counted this period; undefined while it is not known. */
  charged: Charged | undefined;
  scope: ScoreScope;
  /** Datasets in batches of 100 (`POST /api/datasets/batch`), or each by its own call. */
  by: 'batch' | 'dataset';
  /** Also the datasets' documentation (free, in batches), which shows before any score. */
  documentation?: boolean;
}

/**
 * Why a call is made: the scores asked for, the part of them already charged (which loads while
 * the rest waits for a yes, one release only), or the documentation (free).
 */
type Purpose = 'scores' | 'charged part' | 'documentation';

/** What the hook reads of a call's query, whichever of the two calls it is. */
type Observed = UseQueryResult | undefined;

interface Planned {
  call: ScoreCall;
  purpose: Purpose;
  enabled: boolean;
}

function plan(input: ConsentedScoresInput, covered: readonly boolean[]): Planned[] {
  const perCall = input.by === 'dataset' ? 1 : MAX_PAGE_LIMIT;
  return input.requests.flatMap((request, i) => {
    const allowed = covered[i] === true;
    const paid = alreadyCharged(request, input.charged);
    return [
      ...(input.documentation ? planCalls({ ...request, indicatorIds: [] }) : []).map((call) => ({
        call,
        purpose: 'documentation' as const,
        enabled: true,
      })),
      // Scores not agreed to are still observed: an answer this browser holds costs no call.
      ...(asksForScores(request) ? planCalls(request, perCall) : []).map((call) => ({
        call,
        purpose: 'scores' as const,
        enabled: allowed,
      })),
      ...(input.scope === 'release' && !allowed && asksForScores(paid)
        ? planCalls(paid, perCall)
        : []
      ).map((call) => ({ call, purpose: 'charged part' as const, enabled: true })),
    ];
  });
}

/**
 * Scores that cost money, shown only with consent (see consent.ts): what the page asks for, the
 * bill of what still waits for a yes, the answers put together by release, the progress of the
 * calls loading, the first failure and a retry of every failed call.
 */
export function useConsentedScores(input: ConsentedScoresInput) {
  const consent = useScoreConsent(input.requests, input.charged, input.scope);
  const planned = plan(input, consent.covered);
  // The documentation always comes in batches; scores as the page asks for them.
  const single = (p: Planned) => input.by === 'dataset' && p.purpose !== 'documentation';
  const byBatch = planned.filter((p) => !single(p));
  const byDataset = planned
    .filter(single)
    .flatMap((p) => p.call.datasetIds.map((id) => ({ ...p, id })));
  const batches = useQueries({
    queries: byBatch.map((p) => ({ ...scoreQueries.batch(p.call), enabled: p.enabled })),
  });
  const singles = useQueries({
    queries: byDataset.map((p) => ({
      ...scoreQueries.dataset(p.call, p.id, p.call.indicatorIds),
      enabled: p.enabled,
    })),
  });
  const results: (Planned & { query: Observed; answered: readonly Dataset[] | undefined })[] = [
    ...byBatch.map((p, i) => ({ ...p, query: batches[i], answered: batches[i]?.data?.datasets })),
    ...byDataset.map((p, i) => {
      const dataset = singles[i]?.data;
      return { ...p, query: singles[i], answered: dataset ? [dataset] : undefined };
    }),
  ];

  const stamp = results
    .map((r) =>
      r.answered
        ? `${releaseKey(r.call)}|${r.call.datasetIds.join()}|${r.call.indicatorIds.join()}|${r.query?.dataUpdatedAt ?? 0}`
        : '',
    )
    .join(';');
  const answers = useMemo(
    () =>
      mergeAnswers(
        results.flatMap((r): CallAnswer[] =>
          r.answered ? [{ call: r.call, datasets: r.answered }] : [],
        ),
      ),
    // The answers are made of what each call answered, which `stamp` spells out; merging some
    // 10 000 datasets' scores on every render is what this saves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stamp],
  );

  const scored = results.filter((r) => r.purpose !== 'documentation');
  const loading = scored.filter((r) => r.enabled);
  const failed = results.find((r) => r.query?.isError === true)?.query;
  const asked = scored.filter((r) => r.purpose === 'scores');
  return {
    consent,
    /** What loading the requests not agreed to yet would add to this period's bill. */
    bill: scoreBill(
      input.requests.filter((_, i) => consent.covered[i] !== true),
      input.charged,
    ),
    answers,
    /** Some score is on screen, held from before or loaded now. */
    held: scored.some((r) => r.answered !== undefined),
    progress: {
      /** The scored calls now wanted, and how many of them are in. */
      calls: loading.length,
      done: loading.filter((r) => r.query?.isSuccess === true).length,
      fetching: loading.some((r) => r.query?.isFetching === true),
    },
    /** Every score asked for is in. */
    complete: consent.allowed && asked.every((r) => r.query?.isSuccess === true),
    documentationPending: results.some(
      (r) => r.purpose === 'documentation' && r.query?.isPending === true,
    ),
    error: failed?.error ?? undefined,
    retry: () => {
      for (const r of results) if (r.query?.isError === true) void r.query.refetch();
    },
  };
}
