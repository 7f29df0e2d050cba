import { Accordion, List, Text } from '@mantine/core';
import type { ReportKey } from '../../../../shared/matching/change-report';
import type { UnmatchedEntry } from '../../../../shared/api/schemas';
import { formatCount } from '../../../lib/format';

const named = (key: ReportKey) =>
  `${key.name} · ${key['reference product']} · ${key.location} · ${key.unit}`;

/**
 * Entries of a change report that name no dataset of their releases (or name several): listed
 * with the reason, so nothing the report says is silently dropped.
 */
export function UnmatchedEntries({ entries }: { entries: readonly UnmatchedEntry[] }) {
  return (
    <Accordion variant="contained">
      <Accordion.Item value="unmatched">
        <Accordion.Control>
          Change report entries not matched to datasets ({formatCount(entries.length)})
        </Accordion.Control>
        <Accordion.Panel>
          <List size="sm" spacing={4} aria-label="Change report entries not matched">
            {entries.map((entry, i) => (
              <List.Item key={`${entry.report}-${i}`}>
                <Text size="sm">
                  {entry.report}, {entry.kind}: {named(entry.source)} →{' '}
                  {entry.targets.map(named).join('; ')}
                </Text>
                <Text size="xs" c="dimmed">
                  {entry.reason}
                </Text>
              </List.Item>
            ))}
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
