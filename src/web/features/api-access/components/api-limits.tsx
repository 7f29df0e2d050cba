import { Code, List, Stack, Table, Title } from '@mantine/core';
import {
  MAX_BATCH_DATASETS,
  MAX_INDICATORS_PER_CALL,
  MAX_LIST_ENTRIES,
  MAX_PAGE_LIMIT,
} from '../../../../shared/api/routes';
import type { PublicConfig } from '../../../../shared/config';
import { formatCount } from '../../../lib/format';

/** The limits a script meets, per user and per call, and what each refusal means. */
export function ApiLimits({ limits }: { limits: PublicConfig['limits'] }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Limits
      </Title>
      <Table aria-label="Limits" withTableBorder maw={720}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Requests a minute, per user (browser and programs together)</Table.Td>
            <Table.Td>{formatCount(limits.requestsPerMinute)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Calls to the data service at once, per user</Table.Td>
            <Table.Td>{formatCount(limits.concurrentCalls)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>More that wait for a slot, and for how long at most</Table.Td>
            <Table.Td>
              {formatCount(limits.queuedCalls)}, {limits.queueSeconds} s
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Datasets per page (search, batch)</Table.Td>
            <Table.Td>{MAX_PAGE_LIMIT}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Dataset IDs per batch call; entries per upgrade check</Table.Td>
            <Table.Td>
              {formatCount(MAX_BATCH_DATASETS)}; {formatCount(MAX_LIST_ENTRIES)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Indicators per call</Table.Td>
            <Table.Td>{MAX_INDICATORS_PER_CALL}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <List size="sm">
        <List.Item>
          429 <Code>rate_limited</Code>: wait as <Code>Retry-After</Code> says, then ask again.
        </List.Item>
        <List.Item>
          202 (what changed, upgrade checks, history): the releases are being read once, for free;
          ask again after <Code>Retry-After</Code>.
        </List.Item>
        <List.Item>
          401 <Code>invalid_token</Code>: the token expired; get a new one with{' '}
          <Code>npx lci-explorer token</Code>.
        </List.Item>
      </List>
    </Stack>
  );
}
