import { Button, Chip, CopyButton, Group, Stack, Table } from '@mantine/core';
import { useRef, useState } from 'react';
import type { ListEntry } from '../../../../shared/api/routes';
import type { UpgradeCheck, UpgradeResult } from '../../../../shared/api/schemas';
import { ENTRY_CHANGES, type EntryChange } from '../../../../shared/matching/words';
import type { EntryScoreMove } from '../../../../shared/scores/moves';
import { PageControl } from '../../../components/data/page-control';
import { formatCount, plural } from '../../../lib/format';
import { usePhone } from '../../../lib/screen';
import { describeEntry, mappedIds } from '../entries';
import { pageOfRows } from '../../../../shared/paging';
import type { VerdictRowProps } from './verdict-cells';
import { VerdictPhoneHead, VerdictPhoneRow } from './verdict-phone-cells';
import { VerdictHead, VerdictRow } from './verdict-rows';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

interface VerdictTableProps {
  check: Ready;
  /** Candidates the user chose, by line. */
  chosen: ReadonlyMap<number, number>;
  onChoose: (line: number, id: number | undefined) => void;
  /** The list's entries as the user gave them. */
  entries: readonly ListEntry[];
  /** Loaded scores: the indicators' short names, and each entry's moves. */
  scores?:
    { names: readonly string[]; moves: (result: UpgradeResult) => EntryScoreMove[] } | undefined;
  /** The indicator set every dataset link keeps. */
  ind: readonly number[];
  /**
   * The verdicts shown and the page, where the page keeps them (in its URL, so a link opens the
   * same rows); else the table keeps them itself.
   */
  view?: VerdictView | undefined;
}

/** Which changes the table shows (none = all) and which page of them. */
export interface VerdictView {
  changes: readonly EntryChange[];
  page: number;
  onChange: (view: { changes: EntryChange[]; page: number }) => void;
}

/**
 * The verdict for every entry of a list, a page of 100 at a time, filtered by verdict: where it
 * comes from (a change report, or documentation), a split's datasets with their shares, and
 * for an entry without a certain successor its candidates, ranked with their reasons, to choose
 * from (the mapping then uses the choice).
 */
export function VerdictTable({
  check,
  chosen,
  onChoose,
  scores,
  entries,
  ind,
  view,
}: VerdictTableProps) {
  const phone = usePhone();
  const top = useRef<HTMLDivElement>(null);
  const entered = new Map(entries.map((entry) => [entry.line, describeEntry(entry)]));
  // Lines that name, in another form, a dataset an earlier line already named (an ID and its
  // file name, say): kept, as the list had them, and said to be the same.
  const firstLine = new Map<number, number>();
  const repeats = new Map<number, number>();
  for (const result of check.results) {
    if (!result.source) continue;
    const first = firstLine.get(result.source.id);
    if (first === undefined) firstLine.set(result.source.id, result.line);
    else repeats.set(result.line, first);
  }
  const [ownShown, setOwnShown] = useState<readonly EntryChange[]>([]);
  const [ownPage, setOwnPage] = useState(1);
  const shown = view?.changes ?? ownShown;
  const page = view?.page ?? ownPage;
  const show = (changes: EntryChange[], next: number) => {
    if (view) view.onChange({ changes, page: next });
    else {
      setOwnShown(changes);
      setOwnPage(next);
    }
  };
  const counts = new Map<EntryChange, number>();
  for (const result of check.results)
    counts.set(result.change, (counts.get(result.change) ?? 0) + 1);
  const rows =
    shown.length === 0 ? check.results : check.results.filter((r) => shown.includes(r.change));
  const { rows: paged, page: current, pages } = pageOfRows(rows, page);
  const { from, to } = check;
  const ids = mappedIds(rows, chosen);
  return (
    <Stack gap="sm" ref={top}>
      <Group justify="space-between" align="end">
        <Chip.Group
          multiple
          value={[...shown]}
          onChange={(value) =>
            show(
              value.filter((v): v is EntryChange =>
                (ENTRY_CHANGES as readonly string[]).includes(v),
              ),
              1,
            )
          }
        >
          <Group gap="xs" aria-label="Show verdicts" role="group">
            {ENTRY_CHANGES.map((change) => {
              const count = counts.get(change) ?? 0;
              return count === 0 ? null : (
                <Chip key={change} value={change} size="xs">
                  {change} ({formatCount(count)})
                </Chip>
              );
            })}
          </Group>
        </Chip.Group>
        <CopyButton value={ids.join('\n')}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" disabled={ids.length === 0} onClick={copy}>
              {copied ? `${plural(ids.length, 'ID')} of ${to} copied` : `Copy IDs in ${to}`}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Table.ScrollContainer minWidth={phone ? 0 : 900}>
        <Table striped verticalSpacing={4} aria-label={`Verdicts from ${from} to ${to}`}>
          <Table.Thead>
            {phone ? (
              <VerdictPhoneHead />
            ) : (
              <VerdictHead from={from} to={to} scoreNames={scores?.names} />
            )}
          </Table.Thead>
          <Table.Tbody>
            {paged.map((result) => {
              const row: VerdictRowProps = {
                result,
                check,
                picked: chosen.get(result.line),
                onChoose,
                entered: entered.get(result.line),
                repeatOf: repeats.get(result.line),
                moves: scores?.moves(result) ?? [],
                scoreNames: scores?.names,
                ind,
              };
              return phone ? (
                <VerdictPhoneRow key={result.line} {...row} />
              ) : (
                <VerdictRow key={result.line} {...row} />
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <PageControl
          total={pages}
          value={current}
          onChange={(next) => show([...shown], next)}
          size="sm"
          label="Pages of verdicts"
          top={top}
        />
      )}
    </Stack>
  );
}
