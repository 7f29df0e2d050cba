import { apiCall } from '../../../shared/api/calls';
import { CopyAsCode } from '../../components/code/copy-as-code';
import { releaseWire } from '../../lib/api-client';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { RouteError } from '../../components/feedback/route-error';
import { ChangesOf } from './changes/changes-view';
import { searches } from '../../config/routes';
import { versionQueries } from '../../features/releases/api/get-versions';
import { ComparedReleaseSelect } from '../../features/releases/components/compared-release-select';
import { comparedRelease } from '../../features/releases/neighbours';
import { useShownLink } from '../../lib/shown-link';
import { useSecondPass } from '../../lib/second-pass';
import { usePageTitle } from '../../lib/page-title';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';

export const ErrorBoundary = RouteError;

/**
 * `/:v/:m/changes?from=3.11`: what changed from an older release to this one (new, removed,
 * renamed, moved, re-identified, documentation changed), filtered by sector, ISIC section,
 * activity type and words, each row linking to both sides.
 */
export function Component() {
  const release = useRelease();
  const { version, systemModel } = release;
  const [search, update] = useRouteSearch(searches.changes);
  const versions = useQuery(versionQueries.all());
  const releases = versions.data?.releases ?? [];
  const { others, from, usable } = comparedRelease(releases, release, search.from);
  usePageTitle(from ? `Changes since ${from}` : 'Changes', version);
  // The release compared with by default (the one before) goes into the address.
  const link = useShownLink(searches.changes, from && usable ? { from } : undefined);
  const secondPass = useSecondPass();
  if (!versions.data) return <PageSkeleton />;
  return (
    <Stack gap="md">
      <div>
        <CopyAsCode
          calls={
            from && usable ? [apiCall('changes', { query: { ...releaseWire(release), from } })] : []
          }
        />
        <Title order={1}>What changed in {version}</Title>
        <Text c="dimmed">
          {systemModel}: every dataset of {usable ? from : 'another release'} followed to {version},
          by ecoinvent’s change reports where the explorer has them, else by Dataset ID, Spold UUIDs
          or names. Free: only documentation is compared, never scores, which you may load for the
          rows shown.
        </Text>
      </div>
      <ComparedReleaseSelect
        label="Compared with"
        missingTitle="Choose a release to compare with"
        width={200}
        version={version}
        systemModel={systemModel}
        others={others}
        from={from}
        usable={usable}
        onChange={(value) => update({ from: value })}
      />
      {usable && (secondPass ? <ChangesOf from={from} link={link} /> : <Skeleton h={240} />)}
    </Stack>
  );
}
