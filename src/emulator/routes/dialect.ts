import type { ActivityTypeFilter, Dataset, ImpactScore } from './wire';
import type { DatasetRecord } from '../data/catalogue';
import type { ActivityType } from '../data/facts/activities';
import type { IndicatorRecord } from '../data/indicators';
import { RELEASES } from '../data/releases';
import type { SearchResult } from '../data/search';
import type { DataStore, ReleaseView } from '../data/store';
import { toDataset } from './serialize';

/*
 * The `variant` dialect (EMULATOR_DIALECT=variant): where the real service's shapes are unknown
 * (upstream-api.md §12), the plausible alternatives to the documented ones, so a client can be
 * tested against both. The routes call these shapers only in `variant`; `documented` answers
 * stay exactly as they were. Differences that are not shapes live where they act: search pages
 * by `offset` (datasets.ts), a refused token is 403 (api-auth.ts), the Spold lookup defaults to
 * /datasets/by-spold (config.ts).
 */

/**
 * The search filter's enum for each activity type: the variant answers with it, not prose (the
 * filter's own mapping is in datasets.ts; the variant search tests check that they agree).
 */
const ACTIVITY_TYPE_ENUMS: Record<ActivityType, ActivityTypeFilter> = {
  'market activity': 'MARKET_ACTIVITY',
  'market group': 'MARKET_GROUP',
  'ordinary transforming activity': 'TRANSFORMING_ACTIVITY',
};

export interface VariantVersion {
  version: string;
  system_model: string;
  release_date: string;
  datasets: number;
  indicators: number;
}

/** `GET {P}/versions`: a bare list, one entry per version × system model, with its counts. */
export function variantVersions(
  combinations: readonly {
    version: string;
    systemModels: readonly string[];
    releaseDate: string;
  }[],
  store: DataStore,
): VariantVersion[] {
  return combinations.flatMap((entry) =>
    entry.systemModels.flatMap((systemModel) => {
      const view = store.view(entry.version, systemModel);
      return view
        ? [
            {
              version: entry.version,
              system_model: systemModel,
              release_date: entry.releaseDate,
              datasets: view.datasets.length,
              indicators: view.indicators.length,
            },
          ]
        : [];
    }),
  );
}

interface VariantMethod {
  method: string;
  categories: {
    category: string;
    indicators: { id: number; indicator: string; unit: string }[];
  }[];
}
export interface VariantIndicatorsResponse {
  /** Methods, not indicators: the pages are of methods. */
  total: number;
  results: VariantMethod[];
}

/** `GET {P}/indicators`: method → categories → indicators, a page of methods at a time. */
export function variantIndicators(
  indicators: readonly IndicatorRecord[],
  page: { from: number; limit: number },
): VariantIndicatorsResponse {
  // The release's list is sorted by method, category and indicator, so grouping keeps that order.
  const methods: VariantMethod[] = [];
  for (const record of indicators) {
    let method = methods.at(-1);
    if (method?.method !== record.method) {
      method = { method: record.method, categories: [] };
      methods.push(method);
    }
    let category = method.categories.at(-1);
    if (category?.category !== record.category) {
      category = { category: record.category, indicators: [] };
      method.categories.push(category);
    }
    category.indicators.push({ id: record.id, indicator: record.indicator, unit: record.unit });
  }
  return { total: methods.length, results: methods.slice(page.from, page.from + page.limit) };
}

export type VariantSearchResponse = Omit<SearchResult, 'results'> & {
  results: (Omit<SearchResult['results'][number], 'activity_type'> & {
    activity_type: ActivityTypeFilter;
  })[];
};

/** Search results with the activity type as the filter's enum. */
export function variantSearch(result: SearchResult): VariantSearchResponse {
  return {
    ...result,
    results: result.results.map((activity) => ({
      ...activity,
      activity_type: ACTIVITY_TYPE_ENUMS[activity.activity_type],
    })),
  };
}

/**
 * Text fields the variant answers null for some datasets, chosen by ID so the same datasets are
 * always affected. The rules miss every ID the live API pins (2989, 7773, 8279, 3961, 5285, 4125,
 * 8422) and every ID the tests read text of (also 1–4 and 42).
 */
export const VARIANT_NULLS = [
  { field: 'description', modulus: 13, remainder: 5 },
  { field: 'isic_class', modulus: 11, remainder: 6 },
  { field: 'time_period', modulus: 17, remainder: 9 },
] as const;
type NullableField = (typeof VARIANT_NULLS)[number]['field'];

export type VariantDataset = Omit<Dataset, 'activity_type' | 'impact_scores' | NullableField> & {
  activity_type: ActivityTypeFilter;
  description: string | null;
  isic_class: string | null;
  time_period: string | null;
  /** A field the documented object lacks: clients must ignore what they do not know. */
  last_modified: string;
  /** Absent when no indicator was asked for; `[]` when only unknown ones were. */
  impact_scores?: ImpactScore[];
};

/** The batch's and the Spold lookup's answer, in either dialect. */
export interface DatasetList {
  total: number;
  datasets: (Dataset | VariantDataset)[];
}

const RELEASE_DATES = new Map(RELEASES.map((release) => [release.version, release.releaseDate]));

/**
 * A dataset object as the variant answers it; `asked`: the request named indicators, known or
 * not.
 */
export function variantDataset(
  record: DatasetRecord,
  view: ReleaseView,
  indicatorIds: readonly number[],
  origin: string,
  asked: boolean,
): VariantDataset {
  const { impact_scores: impactScores, ...fields } = toDataset(record, view, indicatorIds, origin);
  const nulled = (field: NullableField) =>
    VARIANT_NULLS.some(
      (rule) => rule.field === field && record.id % rule.modulus === rule.remainder,
    );
  const shaped: VariantDataset = {
    ...fields,
    description: nulled('description') ? null : fields.description,
    time_period: nulled('time_period') ? null : fields.time_period,
    activity_type: ACTIVITY_TYPE_ENUMS[record.type],
    isic_class: nulled('isic_class') ? null : fields.isic_class,
    last_modified: RELEASE_DATES.get(view.version) ?? '',
  };
  if (asked) shaped.impact_scores = impactScores;
  return shaped;
}
