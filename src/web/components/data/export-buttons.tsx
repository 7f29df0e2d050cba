import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { download } from '../../lib/files';
import { tablesToXlsx, tableToCsv, type PageExport } from '../../lib/table-export';

export interface ExportButtonsProps {
  /** The files' name without extension, e.g. `comparison-3.12-cutoff`. */
  file: string;
  /**
   * What to export, built when a button is pressed (tables in the order they are shown); a
   * promise where the rows are read first (What changed reads its whole list).
   */
  build: () => PageExport | Promise<PageExport>;
  /** One CSV button per entry: its label, the table it writes and what its file name adds. */
  csv?: readonly { label: string; table: number; suffix?: string }[];
  /** The JSON export, where the page has one. */
  json?: () => string;
  disabled?: boolean;
}

/**
 * A page's exports: CSV (one file per table), XLSX (every table a sheet, and the query with its
 * link) and JSON, from the same tables, so every format holds the same numbers.
 */
export function ExportButtons(props: ExportButtonsProps) {
  const { file, build, disabled } = props;
  const [writing, setWriting] = useState<string | undefined>();
  const [failed, setFailed] = useState<string | undefined>();
  const csv = props.csv ?? [{ label: 'Export CSV', table: 0 }];
  /** Writes one file, saying so on its button meanwhile, and on it if it could not be made. */
  const write = async (label: string, make: (built: PageExport) => Promise<void> | void) => {
    setWriting(label);
    setFailed(undefined);
    try {
      await make(await build());
    } catch {
      // The rows or the spreadsheet library come over the network: a lost connection lands here.
      setFailed(label);
    } finally {
      setWriting(undefined);
    }
  };
  const button = (label: string) => ({
    loading: writing === label,
    color: failed === label ? 'red' : undefined,
    title:
      failed === label
        ? 'The file could not be made; check the connection and try again.'
        : undefined,
    children: failed === label ? `${label} (failed, try again)` : label,
  });
  return (
    <Group gap="xs">
      {csv.map(({ label, table, suffix = '' }) => (
        <Button
          key={label}
          size="xs"
          variant="default"
          disabled={disabled}
          {...button(label)}
          onClick={() =>
            void write(label, ({ tables }) => {
              const chosen = tables[table];
              if (chosen) download(`${file}${suffix}.csv`, tableToCsv(chosen), 'text/csv');
            })
          }
        />
      ))}
      <Button
        size="xs"
        variant="default"
        disabled={disabled}
        {...button('Export XLSX')}
        onClick={() =>
          void write('Export XLSX', async ({ tables, query }) =>
            download(`${file}.xlsx`, await tablesToXlsx(tables, query), XLSX_TYPE),
          )
        }
      />
      {props.json && (
        <Button
          size="xs"
          variant="default"
          disabled={disabled}
          onClick={() => {
            if (props.json) download(`${file}.json`, props.json(), 'application/json');
          }}
        >
          Export JSON
        </Button>
      )}
    </Group>
  );
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
