import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const versionQueries = {
  /** The licence's releases, newest first, and the one `latest` stands for. */
  all: () =>
    queryOptions({
      queryKey: ['versions'],
      queryFn: ({ signal }) => callApi('versions', { signal }),
    }),
};
