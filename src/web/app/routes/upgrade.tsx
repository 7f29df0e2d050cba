import { CopyAsCode } from '../../components/code/copy-as-code';
import { Alert, Button, CopyButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { ListEntry } from '../../../shared/api/routes';
import { parseDatasetList, type ListProblem } from '../../../shared/dataset-list';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { ReadingProgress } from '../../components/feedback/reading-progress';
import { RouteError } from '../../components/feedback/route-error';
import { paths } from '../../config/paths';
import { searches, type ReleaseRef } from '../../config/routes';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { versionQueries } from '../../features/releases/api/get-versions';
import { ComparedReleaseSelect } from '../../features/releases/components/compared-release-select';
import { comparedRelease } from '../../features/releases/neighbours';
import { listKey, upgradeQueries } from '../../features/upgrade/api/upgrade-queries';
import { counterpartQueries } from '../../features/scores/api/counterpart-queries';
import { counterpartsById, followedIndicators } from '../../features/scores/counterparts';
import { upgradeCalls } from '../../features/upgrade/code-calls';
import { CheckResults } from '../../features/upgrade/components/check-results';
import { ListFit } from '../../features/upgrade/components/list-fit';
import { ListInput } from '../../features/upgrade/components/list-input';
import { SavedListsPanel } from '../../features/upgrade/components/saved-lists-panel';
import { choicesOf, readDraft, writeDraft } from '../../features/upgrade/saved-lists';
import {
  picksFromParam,
  picksParam,
  shareableIds,
  sharedListText,
  shownChanges,
  standingPicks,
} from '../../features/upgrade/share-link';
import { usageQueries } from '../../features/usage/api/get-usage';
import { usePageTitle } from '../../lib/page-title';
import { useShownLink } from '../../lib/shown-link';
import { useCitingContext } from '../citing-context';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';
import {
  ensureQueryData,
  queryClientContext,
  releaseContext,
  searchOf,
  type LoaderContext,
  startQuery,
} from '../route-context';

/** The entries of a shared link's list, or none. */
function linkedEntries(ids: readonly number[]): ListEntry[] | undefined {
  if (ids.length === 0) return undefined;
  const parsed = parseDatasetList(sharedListText(ids));
  return parsed.ok && parsed.entries.length > 0 ? parsed.entries : undefined;
}

/** The entries of a list kept from before a reload, when it was checked and still parses. */
function draftEntries(text: string): ListEntry[] | undefined {
  const parsed = parseDatasetList(text);
  return parsed.ok && parsed.entries.length > 0 ? parsed.entries : undefined;
}

/** The lines of a list that were not checked (unreadable, repeated), for its exports. */
function draftProblems(text: string): ListProblem[] {
  const parsed = parseDatasetList(text);
  return parsed.ok ? parsed.problems : [];
}

const checkQuery = (release: ReleaseRef, from: string, entries: readonly ListEntry[]) =>
  upgradeQueries.check({ ...release, from, entries, listKey: listKey(entries) });

/**
 * The catalogue and the usage; and a shared link's list, whose check is free, checked at once.
 * Never a score.
 */
export async function loader({ context, request }: LoaderContext) {
  const queryClient = context.get(queryClientContext);
  const release = context.get(releaseContext);
  const search = searches.upgrade.parse(searchOf(request));
  startQuery(queryClient, indicatorQueries.list(release.version, release.systemModel));
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

/** The verdicts of a submitted list: progress while the proxy reads the releases, then results. */
function Verdicts({
  from,
  entries,
  chosen,
  onChosen,
  onDropped,
  link,
  problems,
}: {
  link: string;
  from: string;
  entries: readonly ListEntry[];
  /** The list's lines that were not checked, written into the exports with why. */
  problems: readonly ListProblem[];
  chosen: ReadonlyMap<number, number>;
  onChosen: (chosen: ReadonlyMap<number, number>) => void;
  /** Told of the choices (a link's) that are not candidates of their line, as they go. */
  onDropped: (sentences: string[]) => void;
}) {
  const release = useRelease();
  const [search, update] = useRouteSearch(searches.upgrade);
  const query = checkQuery(release, from, entries);
  const check = useQuery(query);
  const catalogue = useQuery(indicatorQueries.list(release.version, release.systemModel));
  const usage = useQuery(usageQueries.current());
  const citing = useCitingContext();
  const ready = check.data?.status === 'ready' ? check.data : undefined;
  // A link's choices stand once checked only where they are one of their line's candidates.
  const standing = useMemo(
    () => (ready ? standingPicks(ready.results, chosen, ready.to) : undefined),
    [ready, chosen],
  );
  useEffect(() => {
    if (!standing || standing.ignored.length === 0) return;
    onDropped(standing.ignored);
    onChosen(standing.chosen);
  }, [standing, onDropped, onChosen]);
  if (check.isError) return <ErrorPanel error={check.error} onRetry={() => void check.refetch()} />;
  if (!check.data) return <Skeleton h={200} aria-label="Checking the list" />;
  if (check.data.status === 'building')
    return <ReadingProgress progress={check.data} what={`${from} and ${release.version}`} />;
  return (
    <CheckResults
      // Another list or pair of releases: the candidates chosen for the last one go.
      key={`${check.data.from}>${check.data.to}:${query.queryKey.join('|')}`}
      check={check.data}
      indicators={catalogue.data?.indicators ?? []}
      indicatorIds={search.ind}
      onIndicators={(ind) => update({ ind }, { replace: true })}
      charged={usage.data?.charged}
      entries={entries}
      problems={problems}
      initialChosen={standing?.chosen ?? chosen}
      onChosenChange={onChosen}
      link={link}
      {...citing}
      view={{
        changes: shownChanges(search.show),
        page: search.page,
        onChange: ({ changes, page }) =>
          update({ show: changes.join(','), page }, { replace: true }),
      }}
    />
  );
}

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
  // The list this tab was working on before a reload, unless the link brings another one
  // (a link holds only the IDs: the draft keeps the list as typed, comments and bad lines too).
  const [draft] = useState(() => {
    const kept = readDraft();
    if (!kept || search.ids.length === 0) return kept;
    const entries = draftEntries(kept.text);
    const shared = entries ? shareableIds(entries) : undefined;
    return shared?.ok && shared.ids.join(',') === search.ids.join(',') ? kept : undefined;
  });
  const [text, setTextState] = useState(() => draft?.text ?? sharedListText(search.ids));
  const [submitted, setSubmitted] = useState(() =>
    draft?.checked ? draftEntries(draft.text) : linkedEntries(search.ids),
  );
  // A link's list is IDs only; a typed one may have lines that were left out.
  const [problems, setProblems] = useState<ListProblem[]>(() =>
    draft?.checked ? draftProblems(draft.text) : [],
  );
  // The choices a link makes (`pick=8279:41723`), by line of the list it opened.
  const [linkPicks, setLinkPicks] = useState(() => picksFromParam(submitted ?? [], search.pick));
  /** Candidates chosen in the results shown, by line: saved with the list and kept on reload. */
  const [chosen, setChosenState] = useState<ReadonlyMap<number, number>>(() =>
    search.pick !== ''
      ? linkPicks.chosen
      : new Map(Object.entries(draft?.chosen ?? {}).map(([line, id]) => [Number(line), id])),
  );
  /** What of the link's choices was left out, in sentences. */
  const [droppedPicks, setDroppedPicks] = useState<string[]>([]);
  const addDroppedPicks = useCallback(
    (sentences: string[]) => setDroppedPicks((shown) => [...new Set([...shown, ...sentences])]),
    [],
  );
  const keep = (next: { text?: string; checked?: boolean; chosen?: ReadonlyMap<number, number> }) =>
    writeDraft({
      text: next.text ?? text,
      checked: next.checked ?? submitted !== undefined,
      chosen: next.chosen ?? chosen,
      from: search.from ?? draft?.from,
    });
  const setText = (value: string) => {
    setTextState(value);
    keep({ text: value });
  };
  const setChosen = (value: ReadonlyMap<number, number>) => {
    setChosenState(value);
    keep({ chosen: value });
  };
  // A link opened while on the page (back, forward, another shared link) brings its own list;
  // the IDs this page wrote itself leave the list as the user typed it (comments, bad lines).
  const idsKey = search.ids.join(',');
  const [shownIds, setShownIds] = useState(idsKey);
  const [writtenIds, setWrittenIds] = useState<string>();
  if (idsKey !== shownIds) {
    setShownIds(idsKey);
    if (idsKey !== '' && idsKey !== writtenIds) {
      const entries = linkedEntries(search.ids);
      const picks = picksFromParam(entries ?? [], search.pick);
      setTextState(sharedListText(search.ids));
      setSubmitted(entries);
      setProblems([]);
      setChosenState(picks.chosen);
      setLinkPicks(picks);
      setDroppedPicks([]);
    }
  }
  const deferredText = useDeferredValue(text);
  const parsed = useMemo(() => parseDatasetList(deferredText), [deferredText]);
  usePageTitle('Upgrade check', version);
  // The release the list comes from: the link's, else the one this tab's list was checked
  // from (a saved list opened sets the link's), else the release before.
  const { others, from, usable } = comparedRelease(
    versions.data?.releases ?? [],
    release,
    search.from ?? draft?.from,
  );
  const sharing = submitted ? shareableIds(submitted) : undefined;
  // Candidates chosen, for a list a link can hold.
  const pick = submitted && sharing?.ok ? picksParam(submitted, chosen) : '';
  // The release the list comes from by default (the one before) and the choices made go into
  // the address.
  const link = useShownLink(
    searches.upgrade,
    versions.data && usable && from ? { from, pick } : undefined,
  );
  // The check's answer as the verdicts below have it (never asked from here), for the scored
  // calls "Copy as code" adds to the check.
  const checked = useQuery({
    ...checkQuery(release, from ?? '', submitted ?? []),
    enabled: false,
  });
  // The indicators' counterparts in the older release, as the results below asked for them.
  const counterparts = useQuery({
    ...counterpartQueries.between(version, systemModel, from ?? ''),
    enabled: false,
  });
  const followed = counterparts.data
    ? followedIndicators(
        search.ind.filter((id) => counterpartsById(counterparts.data).has(id)),
        counterparts.data,
      )
    : undefined;

  if (!versions.data) return <PageSkeleton />;

  /** Checks a list: its entries are kept, and a list of IDs short enough goes into the URL. */
  const check = (
    listText: string,
    listFrom = from,
    listChosen: ReadonlyMap<number, number> = new Map(),
  ) => {
    const list = parseDatasetList(listText);
    if (!list.ok || list.entries.length === 0) return;
    setSubmitted(list.entries);
    setProblems(list.problems);
    setChosenState(listChosen);
    setLinkPicks({ chosen: new Map(), ignored: [] });
    setDroppedPicks([]);
    writeDraft({ text: listText, checked: true, chosen: listChosen, from: listFrom });
    const shared = shareableIds(list.entries);
    const ids = shared.ok ? shared.ids : [];
    setWrittenIds(ids.join(','));
    update({ ids, from: listFrom });
  };
  const entries = parsed.ok ? parsed.entries.length : 0;

  return (
    <Stack gap="md">
      <div>
        <CopyAsCode
          calls={
            submitted && from && usable
              ? upgradeCalls({
                  release,
                  from,
                  entries: submitted,
                  check: checked.data?.status === 'ready' ? checked.data : undefined,
                  chosen,
                  followed,
                })
              : []
          }
        />
        <Title order={1}>Upgrade check</Title>
        <Text c="dimmed">
          What became of a list of datasets from an older release in {version} · {systemModel}:
          documentation unchanged or changed, moved, renamed, re-identified, split, merged, or gone.
          Free; scores only if you ask for them, each change with its class.
        </Text>
      </div>
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
        onChange={(value) => {
          // Candidates are of one pair of releases: another source release has its own.
          setChosen(new Map());
          update({ from: value });
        }}
      />
      <ListInput text={text} onTextChange={setText} parsed={parsed} />
      {parsed.ok && (
        <ListFit
          entries={parsed.entries}
          systemModel={systemModel}
          others={others}
          from={usable ? from : undefined}
          onUse={(value) => {
            setChosen(new Map());
            update({ from: value });
          }}
        />
      )}
      <Group gap="sm">
        <Button onClick={() => check(text)} disabled={!usable || entries === 0}>
          Check against {version}
        </Button>
        {sharing?.ok && (
          <CopyButton
            value={`${window.location.origin}${paths.upgrade(release, { ...search, from, ids: sharing.ids, pick })}`}
          >
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Link copied' : 'Copy link to this list'}
              </Button>
            )}
          </CopyButton>
        )}
        {sharing && !sharing.ok && (
          <Text size="sm" c="dimmed">
            {sharing.reason}
          </Text>
        )}
      </Group>
      <SavedListsPanel
        text={text}
        from={usable ? from : undefined}
        chosen={chosen}
        onOpen={(list) => {
          setTextState(list.text);
          check(list.text, list.from, choicesOf(list));
        }}
      />
      {[...linkPicks.ignored, ...droppedPicks].length > 0 && (
        <Alert color="yellow" title="Choices in the link left out">
          {[...linkPicks.ignored, ...droppedPicks].map((sentence) => (
            <Text size="sm" key={sentence}>
              {sentence}
            </Text>
          ))}
        </Alert>
      )}
      {submitted && usable && (
        <Verdicts
          from={from}
          entries={submitted}
          chosen={chosen}
          onChosen={setChosen}
          onDropped={addDroppedPicks}
          link={link}
          problems={problems}
        />
      )}
    </Stack>
  );
}
