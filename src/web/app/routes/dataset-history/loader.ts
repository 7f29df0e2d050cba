import { historyQueries } from '../../../features/history/api/history-queries';
import { indicatorQueries } from '../../../features/indicators/api/get-indicators';
import { usageQueries } from '../../../features/usage/api/get-usage';
import { datasetId } from '../../dataset-id';
import { loaderInput, startQuery, type LoaderContext } from '../../route-context';

/**
 * The matches across releases (free), the catalogue and the usage; never a score. A module of
 * its own, loaded beside the page's (`readingPage` in app/router.tsx), so the proxy starts
 * reading the releases before the page's code is in.
 */
export function loader(args: LoaderContext) {
  const { queryClient, release } = loaderInput(args);
  startQuery(queryClient, historyQueries.matches(release, datasetId(args.params)));
  startQuery(queryClient, indicatorQueries.list(release));
  startQuery(queryClient, usageQueries.current());
  return null;
}
