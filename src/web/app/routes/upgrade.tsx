import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { parseDatasetList } from '../../../shared/dataset-list';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { RouteError } from '../../components/feedback/route-error';
import { paths } from '../../config/paths';
import { searches } from '../../config/routes';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { versionQueries } from '../../features/releases/api/get-versions';
import { ComparedReleaseSelect } from '../../features/releases/components/compared-release-select';
import { comparedRelease } from '../../features/releases/neighbours';
import { checkQuery } from '../../features/upgrade/api/upgrade-queries';
import { useUpgradeCalls } from '../../features/upgrade/api/use-upgrade-calls';
import { DroppedChoices, ListActions } from '../../features/upgrade/components/list-actions';
import { ListFit } from '../../features/upgrade/components/list-fit';
import { ListInput } from '../../features/upgrade/components/list-input';
import { UpgradeHeader } from '../../features/upgrade/components/upgrade-header';
import { SavedListsPanel } from '../../features/upgrade/components/saved-lists-panel';
import { linkedEntries } from '../../features/upgrade/share-link';
import { useUpgradeList } from '../../features/upgrade/use-upgrade-list';
import { usageQueries } from '../../features/usage/api/get-usage';
import { usePageTitle } from '../../lib/page-title';
import { useShownLink } from '../../lib/shown-link';
import { useRouteSearch } from '../../lib/url-state';
import { useRelease } from '../release-context';
import { ensureQueryData, type LoaderContext, startQuery, loaderInput } from '../route-context';
import { Verdicts } from './upgrade/verdicts';

/**
 * The catalogue and the usage; and a shared link's list, whose check is free, checked at once.
 * Never a score.
 */
export async function loader(args: LoaderContext) {
  const { queryClient, release, search } = loaderInput(args, searches.upgrade);
  startQuery(queryClient, indicatorQueries.list(release));
  startQuery(queryClient, usageQueries.current());
  // Already in the cache: the release route's middleware checked the release against it.
  const { releases } = await ensureQueryData(queryClient, versionQueries.all());
  const compared = comparedRelease(releases, release, search.from);
  const entries = linkedEntries(search.ids);
  if (entries && compared.usable)
    startQuery(queryClient, checkQuery(release, compared.from, entries));
  return null;
}

export const ErrorBoundary = RouteError;

/**
 * `/:v/:m/upgrade?from=3.10&ids=…&ind=…`: a list of datasets from an older release (pasted,
 * uploaded, saved in this browser or opened from a link) checked against this one, each entry
 * with its verdict; scores in both releases only after the bill is stated and agreed.
 */
export function Component() {
  const release = useRelease();
  const { version, systemModel } = release;
  const [search, update] = useRouteSearch(searches.upgrade);
  const versions = useQuery(versionQueries.all());
  const list = useUpgradeList();
  const { submitted, chosen, pick } = list;
  const deferredText = useDeferredValue(list.text);
  const parsed = useMemo(() => parseDatasetList(deferredText), [deferredText]);
  usePageTitle('Upgrade check', version);
  // The release the list comes from: the link's, else the one this tab's list was checked
  // from (a saved list opened sets the link's), else the release before.
  const { others, from, usable } = comparedRelease(
    versions.data?.releases ?? [],
    release,
    search.from ?? list.draft?.from,
  );
  // The release the list comes from by default (the one before) and the choices made go into
  // the address.
  const link = useShownLink(
    searches.upgrade,
    versions.data && usable && from ? { from, pick } : undefined,
  );
  const calls = useUpgradeCalls({ release, from, usable, submitted, chosen, ind: search.ind });

  if (!versions.data) return <PageSkeleton />;

  // Candidates are of one pair of releases: another source release has its own.
  const chooseFrom = (value: string) => {
    list.setChosen(new Map());
    update({ from: value });
  };
  return (
    <Stack gap="md">
      <UpgradeHeader release={release} calls={calls} />
      <ComparedReleaseSelect
        label="From release"
        description={`The release the list’s datasets come from; ${version} is the target (switch it in the header).`}
        missingTitle="Choose the release the list comes from"
        width={320}
        version={version}
        systemModel={systemModel}
        others={others}
        from={from}
        usable={usable}
        onChange={chooseFrom}
      />
      <ListInput text={list.text} onTextChange={list.setText} parsed={parsed} />
      {parsed.ok && (
        <ListFit
          entries={parsed.entries}
          systemModel={systemModel}
          others={others}
          from={usable ? from : undefined}
          onUse={chooseFrom}
        />
      )}
      <ListActions
        version={version}
        canCheck={usable && parsed.ok && parsed.entries.length > 0}
        onCheck={() => list.check(list.text, from)}
        sharing={list.sharing}
        linkTo={(ids) => paths.upgrade(release, { ...search, from, ids, pick })}
      />
      <SavedListsPanel
        text={list.text}
        from={usable ? from : undefined}
        chosen={chosen}
        onOpen={list.open}
      />
      <DroppedChoices sentences={list.dropped} />
      {submitted && usable && (
        <Verdicts
          from={from}
          entries={submitted}
          chosen={chosen}
          onChosen={list.setChosen}
          onDropped={list.addDroppedPicks}
          link={link}
          problems={list.problems}
        />
      )}
    </Stack>
  );
}
