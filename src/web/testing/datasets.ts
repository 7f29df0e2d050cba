import type { Dataset } from '../../shared/api/schemas';

/**
 * A dataset for tests: every field the service may leave out left out (null), no sectors and no
 * scores, unless the test says otherwise. A test names only the fields it is about.
 */
export function aDataset(overrides: Partial<Dataset> = {}): Dataset {
  return {
    id: 1,
    activity: null,
    product: null,
    description: null,
    geography: null,
    unit: null,
    time_period: null,
    activity_type: null,
    isic_section: null,
    isic_class: null,
    activity_spold_uuid: null,
    geography_spold_uuid: null,
    product_spold_uuid: null,
    sectors: [],
    url: null,
    url_history: null,
    impact_scores: [],
    ...overrides,
  };
}
