import type { Provenance } from '../api/provenance';
import type { ReleaseRef } from '../versions';
import { NO_SCORE_NOTE } from './no-score';

/**
 * The explorer's one layout for scores, one row per dataset × indicator: written by every page's
 * export (CSV and workbook alike) and by the command line's `scores`, so the same scores from
 * either read into one script. Each row names its release, dataset and indicator; the score is
 * an exact number with its unit beside it (where the service gave none the score is empty, never
 * 0, and `score_note` says so); and the row says where it came from: the dataset's ecoSpold
 * UUIDs and file name, the data service, when the proxy got it, the explorer version and the
 * evidence digest a saved file is checked by (`POST /api/evidence/check`).
 */

/** The layout's name and version, written into every file so a script notices a change. */
export const SCORES_FORMAT = 'lci-explorer.scores/2';

export const SCORES_HEADER = [
  'version',
  'system_model',
  'dataset_id',
  'activity',
  'product',
  'geography',
  'reference_unit',
  'indicator_id',
  'method',
  'category',
  'indicator',
  'score',
  'unit',
  'score_note',
  'activity_uuid',
  'product_uuid',
  'file_name',
  'service',
  'retrieved_at',
  'explorer_version',
  'evidence_digest',
] as const;

/** The dataset's file in an ecoSpold export, `activityUUID_productUUID.spold`; none without both. */
export function spoldFileName(dataset: {
  activity_spold_uuid?: string | null;
  product_spold_uuid?: string | null;
}): string | null {
  const { activity_spold_uuid: activity, product_spold_uuid: product } = dataset;
  return activity && product ? `${activity}_${product}.spold` : null;
}

/** One score: where it comes from, and the score (null where the service gave none). */
export interface ScoreLine {
  release: ReleaseRef;
  dataset: {
    id: number;
    activity: string | null;
    product: string | null;
    geography: string | null;
    unit: string | null;
    activity_spold_uuid?: string | null;
    product_spold_uuid?: string | null;
  };
  indicator: { id: number; method: string; category: string; indicator: string; unit: string };
  score: number | null;
  /** The answer the score came from; empty cells where it is not known. */
  provenance?: Provenance | null | undefined;
}

/** A row of the layout: numbers stay numbers, null is an empty cell. */
export function scoreCells({ release, dataset, indicator, score, provenance }: ScoreLine) {
  return [
    release.version,
    release.systemModel,
    dataset.id,
    dataset.activity,
    dataset.product,
    dataset.geography,
    dataset.unit,
    indicator.id,
    indicator.method,
    indicator.category,
    indicator.indicator,
    score,
    indicator.unit,
    score === null ? NO_SCORE_NOTE : '',
    dataset.activity_spold_uuid ?? null,
    dataset.product_spold_uuid ?? null,
    spoldFileName(dataset),
    provenance?.service ?? null,
    provenance?.retrieved_at ?? null,
    provenance?.explorer_version ?? null,
    provenance?.digest ?? null,
  ];
}
