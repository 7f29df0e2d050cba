import {
  Outlet,
  replace,
  useLoaderData,
  useRouteError,
  type MiddlewareFunction,
} from 'react-router';
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
 * does not list is refused before any page asks for its data. The page's loaders then read the
 * release from the router's context.
 */
export const releaseMiddleware: MiddlewareFunction = async ({ params, context, request }) => {
  const release = parseRelease(params);
  if (!release) throw new Response(null, { status: 404 });
  const versions = await ensureQueryData(context.get(queryClientContext), versionQueries.all());
  if (release.version === LATEST && versions.latest !== null) {
    const url = new URL(request.url);
    const to = switchRelease(url.pathname, { ...release, version: versions.latest });
    throw replace(`${to}${url.search}${url.hash}`);
  }
  const entry = versions.releases.find((candidate) => candidate.version === release.version);
  if (!entry) throw new ReleaseProblem('no-release', release, versions.releases);
  if (!entry.system_models.includes(release.systemModel)) {
    const known =
      release.systemModel in SYSTEM_MODELS ||
      versions.releases.some((other) => other.system_models.includes(release.systemModel));
    throw new ReleaseProblem(
      known ? 'not-licensed' : 'no-system-model',
      release,
      versions.releases,
    );
  }
  context.set(releaseContext, release);
};

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
