import type { Provenance } from '../../../shared/api/provenance';
import type { Dataset, ImpactScore } from '../../../shared/api/schemas';
import type { ReleaseRef } from '../../config/routes';
import { releaseKey, type ScoreCall } from './planner';

/**
 * A score the data service gave: a number. `score: null` is "no score" (the service gave none
 * for that indicator; src/shared/api/schemas/datasets.ts), which is never a number on any page.
 */
export type GivenScore = ImpactScore & { score: number };

const isGiven = (score: ImpactScore): score is GivenScore => score.score !== null;

/** What the calls of one release answered, put back together. */
export interface ReleaseScores {
  /**
   * Each dataset answered, once, with every score loaded for it (in the order first answered),
   * "no score" rows included.
   */
  datasets: ReadonlyMap<number, Dataset>;
  /**
   * Scores given, by dataset, then indicator: one the service gave none of is not here, and
   * `answered` tells it from one not asked for.
   */
  scores: ReadonlyMap<number, ReadonlyMap<number, GivenScore>>;
  /** Whether a score was asked for and answered: a missing one is then the service's, not ours. */
  answered: (datasetId: number, indicatorId: number) => boolean;
  /**
   * The answer a dataset × indicator came from (service, time, explorer version, digest), the
   * score's or, for a score asked for and not given, the answer that gave none; undefined when
   * not asked, or answered without provenance.
   */
  provenance?: (datasetId: number, indicatorId: number) => Provenance | undefined;
}

/** The answers of every call, by release (version and system model). */
export interface ScoreAnswers {
  /** What is held for a release; empty when nothing is. */
  of: (release: ReleaseRef) => ReleaseScores;
}

/** A call and the datasets it answered. */
export interface CallAnswer {
  call: ScoreCall;
  datasets: readonly Dataset[];
}

const EMPTY: ReleaseScores = {
  datasets: new Map(),
  scores: new Map(),
  answered: () => false,
  provenance: () => undefined,
};

/** Puts the answers of every call back together: each dataset once per release, with all its scores. */
export function mergeAnswers(answers: readonly CallAnswer[]): ScoreAnswers {
  const byRelease = new Map<string, CallAnswer[]>();
  for (const answer of answers) {
    const key = releaseKey(answer.call);
    const list = byRelease.get(key);
    if (list) list.push(answer);
    else byRelease.set(key, [answer]);
  }
  const merged = new Map([...byRelease].map(([key, list]) => [key, mergeRelease(list)]));
  return { of: (release) => merged.get(releaseKey(release)) ?? EMPTY };
}

function mergeRelease(answers: readonly CallAnswer[]): ReleaseScores {
  const documents = new Map<number, Dataset>();
  const rows = new Map<number, Map<number, ImpactScore>>();
  const asked = new Set<string>();
  const from = new Map<string, Provenance>();
  for (const { call, datasets } of answers) {
    for (const datasetId of call.datasetIds)
      for (const indicatorId of call.indicatorIds) asked.add(`${datasetId}|${indicatorId}`);
    for (const dataset of datasets) {
      if (!documents.has(dataset.id)) documents.set(dataset.id, dataset);
      const { provenance } = dataset;
      if (provenance)
        for (const indicatorId of call.indicatorIds)
          from.set(`${dataset.id}|${indicatorId}`, provenance);
      const byIndicator = rows.get(dataset.id) ?? new Map<number, ImpactScore>();
      // A score given once is not taken back by a later "no score" for the same pair; each
      // score keeps its own answer's provenance: a dataset's scores may come from several.
      for (const score of dataset.impact_scores)
        if (isGiven(score) || !byIndicator.has(score.id))
          byIndicator.set(score.id, provenance ? { ...score, provenance } : score);
      rows.set(dataset.id, byIndicator);
    }
  }
  const datasets = new Map(
    [...documents].map(([id, dataset]) => [
      id,
      { ...dataset, impact_scores: [...(rows.get(id)?.values() ?? [])] },
    ]),
  );
  const scores = new Map(
    [...rows].map(([id, byIndicator]) => [
      id,
      new Map([...byIndicator].filter((entry): entry is [number, GivenScore] => isGiven(entry[1]))),
    ]),
  );
  return {
    datasets,
    scores,
    answered: (datasetId, indicatorId) => asked.has(`${datasetId}|${indicatorId}`),
    provenance: (datasetId, indicatorId) => from.get(`${datasetId}|${indicatorId}`),
  };
}

/**
 * Scores as the moves across releases read them (src/shared/scores/moves.ts): the score, null
 * where a call asked for it and the service gave none, undefined while none has.
 */
export function scoreLookup(of: (release: ReleaseRef) => ReleaseScores, systemModel: string) {
  return (version: string, datasetId: number, indicatorId: number): number | null | undefined => {
    const held = of({ version, systemModel });
    const score = held.scores.get(datasetId)?.get(indicatorId)?.score;
    if (score !== undefined) return score;
    return held.answered(datasetId, indicatorId) ? null : undefined;
  };
}
