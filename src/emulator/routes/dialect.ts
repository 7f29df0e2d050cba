import type { ActivityTypeFilter } from '../../shared/upstream';
import type { ActivityType } from '../data/facts/activities';
import type { IndicatorRecord } from '../data/indicators';
import type { SearchResult } from '../data/search';
import type { DataStore } from '../data/store';

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

export interface VariantMethod {
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
