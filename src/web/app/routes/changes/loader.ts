import { searches } from '../../../config/routes';
import { changesQueries } from '../../../features/changes/api/changes-queries';
import { changeFilterOf } from '../../../features/changes/search-filter';
import { indicatorQueries } from '../../../features/indicators/api/get-indicators';
import { versionQueries } from '../../../features/releases/api/get-versions';
import { comparedRelease } from '../../../features/releases/neighbours';
import { usageQueries } from '../../../features/usage/api/get-usage';
import { ensureQueryData, loaderInput, startQuery, type LoaderContext } from '../../route-context';

/**
 * The older release (the one asked for, else the one before) and its changes, which the proxy
 * builds once from free calls; the page shows the progress while it does. A module of its own,
 * loaded beside the page's (`readingPage` in app/router.tsx), so the proxy starts reading the
 * releases before the page's code is in.
 */
export async function loader(args: LoaderContext) {
  const { queryClient, release, search } = loaderInput(args, searches.changes);
  // What the page joins the changes with (the scores' indicators, what is charged), asked for
  // beside them, not once they are drawn.
  startQuery(queryClient, indicatorQueries.list(release));
  startQuery(queryClient, usageQueries.current());
  const start = (from: string) =>
    startQuery(
      queryClient,
      changesQueries.page(release, from, changeFilterOf(search), search.page),
    );
  if (search.from !== undefined && search.from !== release.version) {
    start(search.from);
    return null;
  }
  const { releases } = await ensureQueryData(queryClient, versionQueries.all());
  const compared = comparedRelease(releases, release, search.from);
  if (compared.usable) start(compared.from);
  return null;
}
