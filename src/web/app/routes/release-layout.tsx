import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import {
  Link,
  Outlet,
  replace,
  useLoaderData,
  useLocation,
  useRouteError,
  type MiddlewareFunction,
} from 'react-router';
import type { VersionEntry } from '../../../shared/api/schemas';
import { compareVersions, LATEST, SYSTEM_MODELS, systemModelLabel } from '../../../shared/versions';
import { RouteError } from '../../components/feedback/route-error';
import { paths } from '../../config/paths';
import { parseRelease, switchRelease, type ReleaseRef } from '../../config/routes';
import { versionQueries } from '../../features/releases/api/get-versions';
import { usePageTitle } from '../../lib/page-title';
import { ReleaseContext } from '../release-context';
import {
  queryClientContext,
  releaseContext,
  type LoaderContext,
  ensureQueryData,
} from '../route-context';

/** A release the page cannot show, and why. */
class ReleaseProblem extends Error {
  constructor(
    readonly kind: 'no-release' | 'no-system-model' | 'not-licensed',
    readonly release: ReleaseRef,
    readonly licensed: readonly VersionEntry[],
  ) {
    super(`${kind}: ${release.version}/${release.systemModel}`);
    this.name = 'ReleaseProblem';
  }
}

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

export function loader({ context }: LoaderContext): ReleaseRef {
  return context.get(releaseContext);
}

export function Component() {
  const release = useLoaderData<typeof loader>();
  return (
    <ReleaseContext value={release}>
      <Outlet />
    </ReleaseContext>
  );
}

/** The same page in each licensed release that has this system model (or any, if none has). */
function OtherReleases({ problem }: { problem: ReleaseProblem }) {
  const { pathname } = useLocation();
  const options = [...problem.licensed]
    .sort((a, b) => compareVersions(b.version, a.version))
    .flatMap((entry) => {
      const models = entry.system_models.includes(problem.release.systemModel)
        ? [problem.release.systemModel]
        : problem.kind === 'no-release'
          ? []
          : entry.system_models;
      return models.map((systemModel) => ({ version: entry.version, systemModel }));
    });
  if (options.length === 0) return null;
  return (
    <Group gap="sm">
      {options.slice(0, 12).map((option) => (
        <Anchor
          key={`${option.version}/${option.systemModel}`}
          component={Link}
          to={switchRelease(pathname, option)}
        >
          {option.version} · {option.systemModel}
        </Anchor>
      ))}
    </Group>
  );
}

function ReleaseProblemView({ problem }: { problem: ReleaseProblem }) {
  const { version, systemModel } = problem.release;
  const listed = [...problem.licensed]
    .map((entry) => entry.version)
    .sort(compareVersions)
    .join(', ');
  const [title, text] =
    problem.kind === 'no-release'
      ? [
          `No release ${version}`,
          `Your licence lists the releases ${listed}; ${version} is not one of them. Check the link, or open the same page in a listed release.`,
        ]
      : problem.kind === 'no-system-model'
        ? [
            `No system model “${systemModel}”`,
            `Release ${version} has no system model called “${systemModel}”. The system models are ${Object.keys(SYSTEM_MODELS).join(', ')}.`,
          ]
        : [
            'Not in your licence',
            `Your organisation’s licence does not include release ${version} with the system model ${systemModel} (${systemModelLabel(systemModel)}).`,
          ];
  usePageTitle(title);
  return (
    <Stack maw={680}>
      {problem.kind === 'not-licensed' ? (
        <Alert color="yellow" title={title} role="alert">
          <Text size="sm">{text}</Text>
        </Alert>
      ) : (
        <>
          <Title order={1}>{title}</Title>
          <Text>{text}</Text>
        </>
      )}
      <OtherReleases problem={problem} />
      <Anchor component={Link} to={paths.releases()}>
        See the releases your licence holds
      </Anchor>
    </Stack>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (error instanceof ReleaseProblem) return <ReleaseProblemView problem={error} />;
  return <RouteError />;
}
