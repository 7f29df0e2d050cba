import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { UpgradeResult } from '../../../../shared/api/schemas';
import type { DatasetSuccessors } from '../../../../shared/api/successors';
import { parseLookupKey } from '../../../../shared/lookup';
import { compareVersions, releaseKey } from '../../../../shared/versions';
import { CHANGE_MEANINGS, sourceOfVerdict } from '../../../../shared/matching/words';
import { OrMissing } from '../../../components/data/missing';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { ReadingProgress } from '../../../components/feedback/reading-progress';
import { paths } from '../../../config/paths';
import type { ReleaseRef } from '../../../config/routes';
import { datasetQueries } from '../api/dataset-queries';
import { CandidateTable, SuccessorTable } from './successor-lists';

type Answer = DatasetSuccessors;
type Ready = Extract<Answer, { status: 'ready' }>;

/** Light badges keep 4.5:1 in these colours (teal, yellow and orange do not). */
const COLOUR: Record<UpgradeResult['change'], string> = {
  'documentation unchanged': 'gray',
  'documentation changed': 'blue',
  moved: 'indigo',
  renamed: 'indigo',
  're-identified': 'indigo',
  split: 'violet',
  merged: 'violet',
  'no certain successor': 'pink',
  removed: 'red',
  'not in source': 'dark',
  'several in source': 'grape',
};

/** How documentation named a successor, where it did: the evidence an inference rests on. */
const EVIDENCE: Partial<Record<NonNullable<UpgradeResult['how']>, string>> = {
  'same UUIDs': ' (same Spold UUIDs)',
  'same names': ' (same activity, product and geography names)',
};

/**
 * The releases of the licence that have the key, each linked: a Dataset ID to its page there,
 * a UUID or file name to its lookup there.
 */
function HoldingReleases({
  answer,
  lookupKey,
  release,
  ind,
}: {
  answer: Answer | undefined;
  lookupKey: string;
  release: ReleaseRef;
  ind: readonly number[];
}) {
  const key = parseLookupKey(lookupKey);
  const others = (answer?.found_in ?? [])
    .map((entry) => ({ version: entry.version, systemModel: entry.system_model }))
    .filter(
      (other) => other.version !== release.version || other.systemModel !== release.systemModel,
    );
  return (
    <Stack gap="xs">
      <Text>
        {answer === undefined
          ? 'Looking for it in the other releases of your licence…'
          : others.length > 0
            ? key.kind === 'uuid'
              ? 'Releases that have it as an activity or product UUID:'
              : 'Releases that have it:'
            : key.kind === 'uuid'
              ? 'No other release in your licence has it as an activity or product UUID.'
              : 'No other release in your licence has it either.'}
      </Text>
      <Group gap="sm">
        {others.map((other) => (
          <Anchor
            key={releaseKey(other)}
            component={Link}
            to={
              key.kind === 'dataset-id'
                ? paths.dataset(other, key.id, { ind })
                : paths.lookup(other, lookupKey, { ind })
            }
          >
            {other.version} · {other.systemModel}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

/** Where a verdict comes from, in the one vocabulary, with the evidence of an inference. */
function sourceLine(answer: Ready, result: UpgradeResult): string {
  const source = sourceOfVerdict(result, { change: result.change, steps: answer.reports });
  const evidence =
    result.basis === 'documentation' && result.how ? (EVIDENCE[result.how] ?? '') : '';
  return `${source}${evidence}`;
}

/** The verdict of the upgrade check for the key: what it became, why, and the ways on. */
function Verdict({
  answer,
  result,
  from,
  release,
  ind,
}: {
  answer: Ready;
  result: UpgradeResult;
  from: string;
  release: ReleaseRef;
  ind: readonly number[];
}) {
  const { version } = release;
  const origin = { version: from, systemModel: release.systemModel };
  const source = result.source;
  const named = source ? `Dataset ${source.id} of ${from}` : `It, in ${from},`;
  const later = compareVersions(from, version) < 0;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {later ? `What it became in ${version}` : `What it was in ${version}`}
      </Title>
      {source && (
        <Text>
          In {from} it is Dataset {source.id}: <OrMissing value={source.activity} /> ·{' '}
          <OrMissing value={source.product} /> · <OrMissing value={source.geography} />
        </Text>
      )}
      <Group gap="xs" wrap="nowrap" align="baseline">
        <Badge color={COLOUR[result.change]} variant="light" tt="none" miw="max-content">
          {result.change}
        </Badge>
        <Text size="sm">{CHANGE_MEANINGS[result.change]}</Text>
      </Group>
      {result.change !== 'several in source' && (
        <Text size="sm">Source: {sourceLine(answer, result)}</Text>
      )}
      {result.successors.length > 0 && (
        <SuccessorTable
          label={`What ${named} became in ${version}`}
          successors={result.successors}
          release={release}
          ind={ind}
        />
      )}
      {result.change === 'removed' && <Text>No dataset of {version} is near it.</Text>}
      {result.candidates.length > 0 && result.change === 'several in source' && (
        <>
          <Text>
            It names {result.candidates.length} datasets of {from}; each is followed on its own by
            the upgrade check:{' '}
            <Anchor
              component={Link}
              to={paths.upgrade(release, {
                from,
                ids: result.candidates.map((c) => c.dataset.id),
                ind,
              })}
            >
              check them against {version}
            </Anchor>
            .
          </Text>
          <CandidateTable
            label={`Datasets of ${from} it names`}
            candidates={result.candidates}
            release={origin}
            ind={ind}
          />
        </>
      )}
      {result.candidates.length > 0 && result.change !== 'several in source' && (
        <CandidateTable
          label={
            result.successors.length > 0
              ? `New in ${version}, each possibly split from it`
              : `Candidates in ${version}, nearest first`
          }
          candidates={result.candidates}
          release={release}
          ind={ind}
        />
      )}
      {source && (
        <Group gap="md">
          <Anchor component={Link} to={paths.dataset(origin, source.id, { ind })}>
            Open Dataset {source.id} in {from}
          </Anchor>
          <Anchor component={Link} to={paths.history(origin, source.id, { ind })}>
            Dataset {source.id} across releases
          </Anchor>
          <Anchor component={Link} to={paths.upgrade(release, { from, ids: [source.id], ind })}>
            Check a whole list from {from} against {version}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}

/**
 * What the answer says, in each of its states: being followed (with the reading's progress),
 * followed (the upgrade check's verdict), or nothing to follow it by in this system model.
 */
export function SuccessorsAnswer({
  answer,
  lookupKey,
  release,
  ind,
}: {
  answer: Answer;
  lookupKey: string;
  release: ReleaseRef;
  ind: readonly number[];
}) {
  const { version, systemModel } = release;
  let body;
  if (answer.status === 'building')
    body =
      answer.from === null ? null : (
        <Stack gap="xs">
          <Text>
            Following it from {answer.from} to {version}, as the upgrade check does: the explorer
            reads the releases once (free), then this page shows what it became.
          </Text>
          <ReadingProgress progress={answer} what={`${answer.from} to ${version}`} />
        </Stack>
      );
  else if (answer.result && answer.from !== null)
    body = (
      <Verdict
        answer={answer}
        result={answer.result}
        from={answer.from}
        release={release}
        ind={ind}
      />
    );
  else if (answer.found_in.some((r) => r.version === version && r.system_model === systemModel))
    body = (
      <Anchor component={Link} to={paths.lookup(release, lookupKey, { ind })}>
        {version} · {systemModel} has it: look it up
      </Anchor>
    );
  else if (answer.found_in.length > 0)
    body = (
      <Text>
        No other release of {systemModel} has it, so nothing in {version} can be followed from it.
      </Text>
    );
  return (
    <Stack gap="md">
      {body}
      <HoldingReleases answer={answer} lookupKey={lookupKey} release={release} ind={ind} />
    </Stack>
  );
}

/**
 * What a Dataset ID, Spold UUID or ecoSpold file name this release lacks became in it, from the
 * upgrade check's engine (free): while the releases are read, how far; then the verdict.
 */
export function WhatItBecame({
  lookupKey,
  release,
  ind,
}: {
  lookupKey: string;
  release: ReleaseRef;
  ind: readonly number[];
}) {
  const query = useQuery(datasetQueries.successors(release, lookupKey));
  if (query.isError) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return <HoldingReleases answer={undefined} lookupKey={lookupKey} release={release} ind={ind} />;
  return <SuccessorsAnswer answer={query.data} lookupKey={lookupKey} release={release} ind={ind} />;
}
