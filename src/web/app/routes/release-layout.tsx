import {
  Outlet,
  replace,
  useLoaderData,
  useRouteError,
  type MiddlewareFunction,
} from 'react-router';
import type { VersionEntry } from '../../../shared/api/schemas';
import { LATEST, SYSTEM_MODELS } from '../../../shared/versions';
import { RouteError } from '../../components/feedback/route-error';
import { parseRelease, switchRelease, type ReleaseRef } from '../../config/routes';
import { versionQueries } from '../../features/releases/api/get-versions';
import { ReleaseProblemView } from '../../features/releases/components/release-problem-view';
import { ReleaseProblem } from '../../features/releases/release-problem';
import { ReleaseContext } from '../release-context';
import {
  ensureQueryData,
  loaderInput,
  queryClientContext,
  releaseContext,
  type LoaderContext,
} from '../route-context';

/**
 * Everything under `/:version/:systemModel`, parsed and checked once per navigation: `latest`
 * becomes the concrete release (so a copied link pins what was seen), and a release the licence
 * does not list shows why instead of the page. The page's loaders read the release from the
 * router's context and start its queries beside the check, not after it: waiting for the
 * licence's list first cost every cold page 0.15-0.5 s of largest contentful paint on the
 * laptop profile (issue 34). A page's query for a version the check then refuses is refused by
 * the proxy too, before it asks the data service anything (`resolve` in
 * src/proxy/cache/catalog.ts); one for a system model the licence lacks gets the service's 403.
 */
export const releaseMiddleware: MiddlewareFunction = async ({ params, context, request }, next) => {
  const release = parseRelease(params);
  if (!release) throw new Response(null, { status: 404 });
  const checking = ensureQueryData(context.get(queryClientContext), versionQueries.all());
  if (release.version === LATEST) {
    const versions = await checking;
    if (versions.latest !== null) {
      const url = new URL(request.url);
      const to = switchRelease(url.pathname, { ...release, version: versions.latest });
      throw replace(`${to}${url.search}${url.hash}`);
    }
  }
  context.set(releaseContext, release);
  const loaded = next();
  checkListed(release, (await checking).releases);
  await loaded;
};

/** Throws why the licence's list does not hold the release, if it does not. */
function checkListed(release: ReleaseRef, releases: readonly VersionEntry[]) {
  const entry = releases.find((candidate) => candidate.version === release.version);
  if (!entry) throw new ReleaseProblem('no-release', release, releases);
  if (!entry.system_models.includes(release.systemModel)) {
    const known =
      release.systemModel in SYSTEM_MODELS ||
      releases.some((other) => other.system_models.includes(release.systemModel));
    throw new ReleaseProblem(known ? 'not-licensed' : 'no-system-model', release, releases);
  }
}

export function loader(args: LoaderContext): ReleaseRef {
  return loaderInput(args).release;
}

export function Component() {
  const release = useLoaderData<typeof loader>();
  return (
    <ReleaseContext value={release}>
      <Outlet />
    </ReleaseContext>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (error instanceof ReleaseProblem) return <ReleaseProblemView problem={error} />;
  return <RouteError />;
}
