import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const configQueries = {
  public: () =>
    queryOptions({
      queryKey: ['config'],
      queryFn: ({ signal }) => callApi('config', { signal }),
      staleTime: Infinity,
    }),
};
