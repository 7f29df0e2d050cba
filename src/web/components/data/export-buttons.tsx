import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { download } from '../../lib/files';
import { tablesToXlsx, tableToCsv, type PageExport } from '../../lib/table-export';

export interface ExportButtonsProps {
  /** The files' name without extension, e.g. `comparison-3.12-cutoff`. */
  file: string;
  /** What to export, built when a button is pressed (tables in the order they are shown). */
  build: () => PageExport;
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
  const [writing, setWriting] = useState(false);
  const [failed, setFailed] = useState(false);
  const csv = props.csv ?? [{ label: 'Export CSV', table: 0 }];
  const xlsx = async () => {
    setWriting(true);
    setFailed(false);
    try {
      const { tables, query } = build();
      download(`${file}.xlsx`, await tablesToXlsx(tables, query), XLSX_TYPE);
    } catch {
      // The library comes over the network on the first export: a lost connection lands here.
      setFailed(true);
    } finally {
      setWriting(false);
    }
  };
  return (
    <Group gap="xs">
      {csv.map(({ label, table, suffix = '' }) => (
        <Button
          key={label}
          size="xs"
          variant="default"
          disabled={disabled}
          onClick={() => {
            const chosen = build().tables[table];
            if (chosen) download(`${file}${suffix}.csv`, tableToCsv(chosen), 'text/csv');
          }}
        >
          {label}
        </Button>
      ))}
      <Button
        size="xs"
        variant="default"
        disabled={disabled}
        loading={writing}
        onClick={() => void xlsx()}
        color={failed ? 'red' : undefined}
        title={
          failed
            ? 'The spreadsheet could not be made; check the connection and try again.'
            : undefined
        }
      >
        {failed ? 'Export XLSX (failed, try again)' : 'Export XLSX'}
      </Button>
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
