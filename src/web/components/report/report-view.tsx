import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { formatScore } from '../../lib/format';
import { cellText, reportMarking, type Report, type ReportChart } from '../../lib/report/model';
import classes from './report-view.module.css';

function Chart({ chart }: { chart: ReportChart }) {
  const values = chart.bars.map((bar) => bar.value);
  const low = Math.min(0, ...values);
  const span = Math.max(0, ...values) - low || 1;
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {chart.title} ({chart.unit})
      </Title>
      <Table aria-label={`${chart.title} (${chart.unit})`} withRowBorders={false}>
        <Table.Tbody>
          {chart.bars.map((bar) => (
            <Table.Tr key={bar.label}>
              <Table.Td w="42%">{bar.label}</Table.Td>
              <Table.Td>
                <div
                  className={classes.bar}
                  style={{
                    marginLeft: `${((Math.min(bar.value, 0) - low) / span) * 100}%`,
                    width: `${Math.max((Math.abs(bar.value) / span) * 100, 0.3)}%`,
                  }}
                />
              </Table.Td>
              <Table.Td className={classes.number} w="16%">
                {formatScore(bar.value)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * The print-ready view of a report: over the explorer while open, and alone on the paper when
 * printed (the browser's "Save as PDF" gives a PDF of it too). Escape closes it.
 */
export default function ReportView({ report, onClose }: { report: Report; onClose: () => void }) {
  useEffect(() => {
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [onClose]);
  const marking = reportMarking(report);
  return createPortal(
    <div className={classes.root} role="dialog" aria-modal="true" aria-label="Print view">
      <div className={classes.page}>
        <Group className={classes.toolbar} justify="flex-end" mb="md">
          <Button size="xs" onClick={() => window.print()}>
            Print
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            Close print view
          </Button>
        </Group>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {report.title}
            </Title>
            <Text c="dimmed">{report.subtitle}</Text>
          </div>
          <Text fw={600}>{marking}</Text>
          <Text size="sm" c="dimmed">
            Made {report.made.toISOString()} from <Anchor href={report.link}>{report.link}</Anchor>{' '}
            (the link opens for colleagues on the licence only).
          </Text>
          {report.tables.map((table) => (
            <Stack key={table.title} gap={4}>
              <Title order={2} size="h4">
                {table.title}
              </Title>
              <Table aria-label={table.title} striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    {table.header.map((name) => (
                      <Table.Th key={name} scope="col">
                        {name}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {row.map((cell, c) => (
                        <Table.Td
                          key={c}
                          className={typeof cell === 'number' ? classes.number : undefined}
                        >
                          {cellText(cell)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ))}
          {report.charts.map((chart) => (
            <Chart key={`${chart.title} ${chart.unit}`} chart={chart} />
          ))}
          <Stack gap={2}>
            <Title order={2} size="h4">
              Provenance
            </Title>
            {report.provenance.map(([label, value]) => (
              <Text key={label} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {label}: {String(value)}
              </Text>
            ))}
          </Stack>
          <Stack gap={4}>
            <Title order={2} size="h4">
              How to cite
            </Title>
            {report.citation.text.split('\n\n').map((paragraph) => (
              <Text key={paragraph} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {paragraph}
              </Text>
            ))}
          </Stack>
        </Stack>
      </div>
    </div>,
    document.body,
  );
}
