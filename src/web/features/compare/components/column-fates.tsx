import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { UpgradeResult } from '../../../../shared/api/schemas';
import { candidateReason, shareText } from '../../../../shared/matching/words';
import { OrMissing } from '../../../components/data/missing';
import { paths } from '../../../config/paths';
import type { ReleaseRef } from '../../../config/routes';
import { formatCount, plural } from '../../../lib/format';
import type { ColumnFate, MissingColumn } from '../api/use-column-fates';
import { columnKey, releaseName, type Column } from '../columns';
import { changeSentence, fateSource } from '../fate-words';

/** The columns a fate's successors stand for, in the release they are in. */
const successorColumns = (fate: ColumnFate & { result: UpgradeResult }): Column[] =>
  fate.result.successors.map(({ dataset }) => ({
    id: dataset.id,
    release: fate.to,
    key: columnKey(dataset.id, fate.to),
  }));

/** Reading the two releases, which the first question about them starts (free). */
function Reading({ fate }: { fate: ColumnFate }) {
  return (
    <Text size="sm" role="status">
      Following {fate.column.id} from {releaseName(fate.from)} to {releaseName(fate.to)}: reading
      the releases
      {fate.progress && fate.progress.total > 0
        ? ` (${formatCount(fate.progress.done)} of ${formatCount(fate.progress.total)} datasets)`
        : ''}
      …
    </Text>
  );
}

/** What it became: the change and its source, then each successor (with its share) or candidate. */
function FateBody({ fate }: { fate: ColumnFate & { result: UpgradeResult } }) {
  const { result, from, to } = fate;
  const source = fateSource(fate);
  const sentence = changeSentence(result, from, to);
  return (
    <Stack gap={4}>
      <Text size="sm">
        {result.source && (
          <>
            In {releaseName(from)} it is <OrMissing value={result.source.activity} />,{' '}
            <OrMissing value={result.source.geography} />.{' '}
          </>
        )}
        {sentence.charAt(0).toUpperCase()}
        {sentence.slice(1)}
        {source ? ` (${source})` : ''}
        {result.successors.length > 1 ? ':' : '.'}
      </Text>
      {result.successors.length > 1 && (
        <List
          size="sm"
          spacing={2}
          aria-label={`What ${fate.column.id} became in ${releaseName(to)}`}
        >
          {result.successors.map(({ dataset, share }) => (
            <List.Item key={dataset.id}>
              <Anchor component={Link} to={paths.dataset(to, dataset.id)} inherit>
                {dataset.id} · <OrMissing value={dataset.activity} />,{' '}
                <OrMissing value={dataset.geography} />
              </Anchor>
              {share !== null && ` — ${shareText(share)}`}
            </List.Item>
          ))}
        </List>
      )}
      {result.candidates.length > 0 && result.successors.length === 0 && (
        <List
          size="sm"
          spacing={2}
          aria-label={`Candidates for ${fate.column.id} in ${releaseName(to)}`}
        >
          {result.candidates.map((candidate) => (
            <List.Item key={candidate.dataset.id}>
              <Anchor component={Link} to={paths.dataset(to, candidate.dataset.id)} inherit>
                {candidate.dataset.id} · <OrMissing value={candidate.dataset.activity} />,{' '}
                <OrMissing value={candidate.dataset.geography} />
              </Anchor>{' '}
              ({candidateReason(candidate)})
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

const isReady = (fate: ColumnFate | undefined): fate is ColumnFate & { result: UpgradeResult } =>
  fate?.status === 'ready' && fate.result !== undefined;

/**
 * A column whose Dataset ID is not in its release: what became of it there, from the same
 * engine as What changed and the upgrade check, and the offer to replace it by its successors
 * (a split by all of them, their shares said) or to show it from the release it comes from.
 * Nothing is replaced until the user says so; the link then names what was chosen.
 */
function MissingColumnOffer(props: {
  missing: MissingColumn;
  onReplace: (column: Column, by: Column[]) => void;
}) {
  const { missing, onReplace } = props;
  const { column, fate } = missing;
  const where = releaseName(column.release);
  const showFrom = (release: ReleaseRef) => (
    <Button
      size="xs"
      variant="light"
      onClick={() =>
        onReplace(column, [{ id: column.id, release, key: columnKey(column.id, release) }])
      }
    >
      Show {column.id} from {releaseName(release)} instead
    </Button>
  );
  let body;
  if (missing.status === 'looking')
    body = (
      <Text size="sm" role="status">
        Looking for Dataset ID {column.id} in the licence’s other releases…
      </Text>
    );
  else if (missing.status === 'failed')
    body = (
      <Text size="sm">
        The other releases could not be asked: {missing.error?.message ?? 'unknown error'}.
      </Text>
    );
  else if (missing.holders.length === 0)
    body = <Text size="sm">No release of your licence has Dataset ID {column.id}.</Text>;
  else if (!fate) {
    const [first] = missing.holders;
    body = (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          It is in {missing.holders.map(releaseName).join(', ')}, none of them a release before{' '}
          {where} to follow it from.
        </Text>
        {first && showFrom(first)}
      </Stack>
    );
  } else if (fate.status === 'reading') body = <Reading fate={fate} />;
  else if (!isReady(fate))
    body = (
      <Text size="sm">
        What became of it could not be read: {fate.error?.message ?? 'no verdict for it'}.
      </Text>
    );
  else {
    const successors = successorColumns(fate);
    const [only] = successors;
    body = (
      <Stack gap="xs" align="flex-start">
        <FateBody fate={fate} />
        <Group gap="xs">
          {successors.length > 0 && (
            <Button size="xs" onClick={() => onReplace(column, successors)}>
              {successors.length === 1 && only
                ? `Replace ${column.id} by ${only.id}`
                : `Replace ${column.id} by its ${successors.length} successors`}
            </Button>
          )}
          {successors.length > 0 ? (
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                onReplace(column, [
                  { id: column.id, release: fate.from, key: columnKey(column.id, fate.from) },
                  ...successors,
                ])
              }
            >
              Compare {column.id} of {releaseName(fate.from)} beside{' '}
              {successors.length === 1 ? 'it' : 'them'}
            </Button>
          ) : (
            showFrom(fate.from)
          )}
          <Anchor component={Link} to={paths.history(fate.from, column.id)} size="sm">
            Its history
          </Anchor>
        </Group>
      </Stack>
    );
  }
  return (
    <Alert color="yellow" title={`Dataset ${column.id} is not in ${where}`}>
      {body}
    </Alert>
  );
}

/**
 * Columns of an older release than the page's: what each became in the page's release, and
 * the offer to put its successors beside it.
 */
function OlderColumns(props: {
  fates: readonly ColumnFate[];
  /** The columns there are, by key: a successor already shown is not offered again. */
  present: ReadonlySet<string>;
  onAdd: (after: Column, columns: Column[]) => void;
}) {
  if (props.fates.length === 0) return null;
  return (
    <Alert color="gray" title="Columns of an older release">
      <Stack gap="sm">
        {props.fates.map((fate) => {
          const label = `${fate.column.id} of ${releaseName(fate.from)}`;
          if (fate.status === 'reading') return <Reading key={fate.column.key} fate={fate} />;
          if (!isReady(fate))
            return (
              <Text key={fate.column.key} size="sm">
                What became of {label} could not be read:{' '}
                {fate.error?.message ?? 'no verdict for it'}.
              </Text>
            );
          const fresh = successorColumns(fate).filter((column) => !props.present.has(column.key));
          return (
            <Stack key={fate.column.key} gap={4} align="flex-start">
              <Text size="sm" fw={600}>
                {label}
              </Text>
              <FateBody fate={fate} />
              {fresh.length > 0 ? (
                <Button size="xs" variant="light" onClick={() => props.onAdd(fate.column, fresh)}>
                  Add {fresh.length === 1 ? 'it' : `its ${fresh.length} successors`} in{' '}
                  {releaseName(fate.to)} beside it
                </Button>
              ) : (
                fate.result.successors.length > 0 && (
                  <Text size="xs" c="dimmed">
                    {fate.result.successors.length === 1
                      ? `${fate.result.successors[0]?.dataset.id ?? ''} of ${releaseName(fate.to)} is shown beside it.`
                      : `Its ${plural(fate.result.successors.length, 'successor')} are shown beside it.`}
                  </Text>
                )
              )}
            </Stack>
          );
        })}
      </Stack>
    </Alert>
  );
}

/**
 * What became of the columns a page cannot show as linked and of those of an older release,
 * each with its offer; the columns are written back in the link's order.
 */
export function ColumnFateOffers(props: {
  fates: { missing: readonly MissingColumn[]; older: readonly ColumnFate[] };
  /** Every column the link names. */
  columns: readonly Column[];
  onColumns: (columns: Column[]) => void;
}) {
  const { columns, onColumns } = props;
  const present = new Set(columns.map((column) => column.key));
  return (
    <>
      {props.fates.missing.map((missing) => (
        <MissingColumnOffer
          key={missing.column.key}
          missing={missing}
          onReplace={(column, by) =>
            onColumns(columns.flatMap((c) => (c.key === column.key ? by : [c])))
          }
        />
      ))}
      <OlderColumns
        fates={props.fates.older}
        present={present}
        onAdd={(after, added) =>
          onColumns(columns.flatMap((c) => (c.key === after.key ? [c, ...added] : [c])))
        }
      />
    </>
  );
}
