import { Anchor, Card, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatTotal } from '../../lib/format';

/** A count in a card, linking to what it counts; a skeleton until it is in. */
export function Stat({
  label,
  value,
  to,
  atLeast = false,
}: {
  label: string;
  value: number | undefined;
  to: string;
  /** The data service counted no further than `value`. */
  atLeast?: boolean;
}) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={32} w={100} />
      ) : (
        <Anchor component={Link} to={to} size="xl" fw={700} underline="hover">
          {formatTotal(value, atLeast)}
        </Anchor>
      )}
    </Card>
  );
}
