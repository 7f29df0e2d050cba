import { ActionIcon, Anchor, List, Popover, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Indicator } from '../../../../shared/api/schemas';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { paths } from '../../../config/paths';
import { counterpartQueries } from '../../scores/api/counterpart-queries';
import { counterpartSentence, counterpartsById } from '../../scores/counterparts';

/**
 * Where an indicator stands in the other releases of its system model, on request: the same
 * indicator, a counterpart under a renamed category or a new method version (what differs, and
 * a link to it there), or none with the nearest. One free call per other release, kept for good
 * as every release's data is, and made only once someone asks.
 */
export function IndicatorElsewhere(props: {
  indicator: Indicator;
  version: string;
  systemModel: string;
  /** The other releases of the system model in the licence, newest first. */
  others: readonly string[];
}) {
  const { indicator, version, systemModel, others } = props;
  const [opened, setOpened] = useState(false);
  const answers = useQueries({
    queries: others.map((other) => ({
      ...counterpartQueries.between({ version, systemModel }, other),
      enabled: opened,
    })),
  });
  if (others.length === 0) return null;
  const name = `${indicator.method} › ${indicator.category} › ${indicator.indicator}`;
  return (
    <Popover opened={opened} onChange={setOpened} width={420} position="bottom-end" withArrow>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`${name} (${indicator.id}) in other releases`}
          onClick={() => setOpened((open) => !open)}
        >
          <IconArrowsExchange size={16} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="region" aria-label={`Indicator ${indicator.id} in other releases`}>
          <Text size="sm" fw={600}>
            {indicator.id} in the other releases of {systemModel}
          </Text>
          <List size="sm" spacing={4}>
            {others.map((other, i) => {
              const answer = answers[i];
              const entry = answer?.data
                ? counterpartsById(answer.data).get(indicator.id)
                : undefined;
              const counterpart = entry?.counterpart?.indicator;
              return (
                <List.Item key={other}>
                  <Text span fw={500} size="sm">
                    {other}:{' '}
                  </Text>
                  {answer?.isError ? (
                    <ErrorPanel error={answer.error} onRetry={() => void answer.refetch()} />
                  ) : !answer?.data ? (
                    <Skeleton h={14} w={200} aria-label={`Following it to ${other}`} />
                  ) : (
                    <>
                      {counterpartSentence(entry, other)}
                      {counterpart && (
                        <>
                          {' '}
                          <Anchor
                            component={Link}
                            size="sm"
                            to={paths.indicators(
                              { version: other, systemModel },
                              { q: String(counterpart.id) },
                            )}
                          >
                            Show {counterpart.id} in {other}
                          </Anchor>
                        </>
                      )}
                    </>
                  )}
                </List.Item>
              );
            })}
          </List>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
