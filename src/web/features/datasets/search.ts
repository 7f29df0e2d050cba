import { apiCall } from '../../../shared/api/calls';
import { releaseWire } from '../../lib/api-client';
import type { ReleaseRef, SearchOf } from '../../config/routes';
import { plural } from '../../lib/format';
import { datasetQueries } from './api/dataset-queries';

export type DatasetSearch = SearchOf<'datasets'>;

/** The search page's query: its words and filters, one page of results. */
export const searchQuery = (release: ReleaseRef, search: DatasetSearch) =>
  datasetQueries.search({
    ...release,
    query: search.q,
    geography: search.geography || undefined,
    activityType: search.type,
    sector: search.sector || undefined,
    isicSection: search.isic || undefined,
    page: search.page,
    size: search.size,
  });

/** The same search as the API call a script makes (Copy as code). */
export const searchCall = (release: ReleaseRef, search: DatasetSearch) =>
  apiCall('search', {
    query: {
      ...releaseWire(release),
      query: search.q || undefined,
      geography: search.geography || undefined,
      activity_type: search.type,
      sector: search.sector || undefined,
      isic_section: search.isic || undefined,
      from: (search.page - 1) * search.size,
      limit: search.size,
    },
  });

/**
 * What the results are, in words: "1 activity matches “cement” in Germany (DE). Page 1 of 1.";
 * `atLeast`: the data service counted no further than `total`.
 */
export function describe(search: DatasetSearch, total: number, pages: number, atLeast: boolean) {
  if (total === 0) return 'No activity matches.';
  const filters = [
    search.q && ` “${search.q}”`,
    search.geography && ` in ${search.geography}`,
    search.sector && `, sector ${search.sector}`,
    search.isic && `, ISIC ${search.isic}`,
  ].join('');
  if (atLeast)
    return `At least ${plural(total, 'activity')} match${filters} (the data service counts no further). Page ${Math.min(search.page, pages)} of at least ${pages}.`;
  return `${plural(total, 'activity')} ${total === 1 ? 'matches' : 'match'}${filters}. Page ${Math.min(search.page, pages)} of ${pages}.`;
}
