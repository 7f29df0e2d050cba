import { queryOptions } from '@tanstack/react-query';
import type { ChangeFilter } from '../../../../shared/changes-list';
import type { ReleaseRef } from '../../../config/routes';
import { callApi, releaseWire } from '../../../lib/api-client';
import { whileReading } from '../../../lib/query-client';

export const changesQueries = {
  /**
   * What changed from `from` (by default the release before) to `release`, the whole list: read
   * once by the proxy for everyone. The exports read it; the page reads a page (`page`).
   */
  list: ({ version, systemModel }: ReleaseRef, from: string | undefined) =>
    queryOptions({
      queryKey: ['changes', version, systemModel, from ?? 'previous'],
      queryFn: ({ signal }) =>
        callApi('changes', { query: { ...releaseWire({ version, systemModel }), from }, signal }),
      staleTime: Infinity,
      refetchInterval: whileReading,
    }),
  /** One page of the list as the filters narrow it, with the counts and facets around it. */
  page: (
    { version, systemModel }: ReleaseRef,
    from: string | undefined,
    filter: ChangeFilter,
    page: number,
  ) =>
    queryOptions({
      queryKey: ['changes', version, systemModel, from ?? 'previous', 'page', filter, page],
      queryFn: ({ signal }) =>
        callApi('changesPage', {
          query: {
            ...releaseWire({ version, systemModel }),
            from,
            change: filter.change,
            sector: filter.sector,
            isic_section: filter.isicSection,
            activity_type: filter.activityType,
            q: filter.q,
            page,
          },
          signal,
        }),
      staleTime: Infinity,
      refetchInterval: whileReading,
      // Another page or filter of the same pair keeps the page in view until it comes, so the
      // filters being typed in stay where they are; another pair starts from its progress.
      placeholderData: (previous, previousQuery) => {
        const pair = ['changes', version, systemModel, from ?? 'previous'];
        const same = pair.every((part, i) => previousQuery?.queryKey[i] === part);
        return same ? previous : undefined;
      },
    }),
};
