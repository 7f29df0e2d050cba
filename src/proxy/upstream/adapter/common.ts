import type { ActivityTypeFilter } from '../../../shared/api/schemas';
import type { PagingStyle } from '../paging';
import { releaseWire, type ReleaseRef } from '../../../shared/versions';

export type { ReleaseRef };

/** What the adapter's parts share: its settings, who asks, which release, a search's input. */

/**
 * How the service says "no such dataset in this release": the API's JSON 404 (documented), or a
 * 200 with `null` or `{}`, which is read as absence only where `check:upstream` confirmed it.
 */
export const ABSENCE_FORMS = ['404', 'null', 'empty'] as const;
export type AbsenceForm = (typeof ABSENCE_FORMS)[number];

export interface AdapterSettings {
  /** How the service's GET lists (search, indicators) are paged, as `check:upstream` found. */
  searchPaging: PagingStyle;
  /** The largest page the service gives: every list and batch is asked in pages of at most this. */
  pageSize: number;
  /** The Spold lookup's path under the API prefix, e.g. `/datasets/spold`; null when there is none. */
  spoldRoute: string | null;
  /** How the service says "no such dataset", as `check:upstream` confirmed it. */
  absentAs: AbsenceForm;
}

export interface Caller {
  userId: string;
  requestId: string;
}

export interface SearchInput {
  query?: string | undefined;
  geography?: string | undefined;
  activity_type?: ActivityTypeFilter | undefined;
  from: number;
  limit: number;
}

export const releaseQuery = (release: ReleaseRef) => new URLSearchParams(releaseWire(release));

/** How errors and variants name the paging parameter. */
export const pagingNameOf = (style: PagingStyle) => (style === 'page0' ? 'page (from 0)' : style);
