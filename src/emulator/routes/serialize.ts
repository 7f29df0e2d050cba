import type { Dataset, ImpactScore } from './wire';
import type { DatasetRecord } from '../data/catalogue';
import { score } from '../data/scores';
import type { ReleaseView } from '../data/store';

/** The documented dataset object (upstream-api.md §7.1), with scores for known indicators. */
export function toDataset(
  record: DatasetRecord,
  view: ReleaseView,
  indicatorIds: readonly number[],
  origin: string,
): Dataset {
  const impactScores: ImpactScore[] = [];
  for (const id of indicatorIds) {
    const entry = view.indicatorById.get(id);
    if (!entry) continue;
    impactScores.push({
      id,
      score: score(record, id, entry.model, view.systemModel),
      unit: entry.record.unit,
      method: entry.record.method,
      category: entry.record.category,
      indicator: entry.record.indicator,
    });
  }
  const page = `${origin}/ecoquery/${encodeURIComponent(view.version)}/${encodeURIComponent(view.systemModel)}/dataset/${record.id}`;
  return {
    id: record.id,
    activity: record.activity,
    product: record.product,
    description: record.description,
    geography: record.geography.display,
    unit: record.unit,
    time_period: record.timePeriod,
    activity_type: record.type,
    isic_section: record.isicSection,
    isic_class: record.isicClass,
    activity_spold_uuid: record.activityUuid,
    geography_spold_uuid: record.geography.uuid,
    product_spold_uuid: record.productUuid,
    sectors: [...record.sectors],
    url: `${page}/documentation`,
    url_history: `${page}/history`,
    impact_scores: impactScores,
  };
}

/** Indicator IDs that exist in the release, each once, in the order asked. */
export function knownIndicators(view: ReleaseView, ids: readonly number[]): number[] {
  return [...new Set(ids)].filter((id) => view.indicatorById.has(id));
}
