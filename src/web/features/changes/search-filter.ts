import type { ChangeFilter } from '../../../shared/changes-list';
import type { SearchOf } from '../../config/routes';

/** The filters the page's address holds, as the proxy's page of changes takes them. */
export const changeFilterOf = (search: SearchOf<'changes'>): ChangeFilter => ({
  change: search.change,
  sector: search.sector || undefined,
  isicSection: search.isic || undefined,
  activityType: search.type || undefined,
  q: search.q || undefined,
});
