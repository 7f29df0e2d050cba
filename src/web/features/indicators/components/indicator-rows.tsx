import { Badge, Checkbox, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { Indicator } from '../../../../shared/api/schemas';

export function NodeRow(props: {
  level: 0 | 1;
  name: string;
  count: number;
  open: boolean;
  onToggle: () => void;
}) {
  const Icon = props.open ? IconChevronDown : IconChevronRight;
  return (
    <UnstyledButton
      onClick={props.onToggle}
      aria-expanded={props.open}
      w="100%"
      h="100%"
      pl={props.level === 0 ? 4 : 28}
    >
      <Group gap={6} wrap="nowrap">
        <Icon size={16} aria-hidden />
        <Text fw={props.level === 0 ? 650 : 500} size="sm" truncate>
          {props.name}
        </Text>
        <Badge size="xs" variant="light" color="gray">
          {props.count}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}

export function IndicatorRow(props: {
  indicator: Indicator;
  checked: boolean;
  onChange: (checked: boolean) => void;
  indent: number;
  label?: string;
}) {
  const { indicator } = props;
  return (
    <Group gap="xs" wrap="nowrap" pl={props.indent} h="100%">
      <Checkbox
        size="xs"
        checked={props.checked}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
        aria-label={`Select ${indicator.method} › ${indicator.category} › ${indicator.indicator}`}
      />
      <Text size="sm" truncate style={{ flex: 1 }} title={props.label ?? indicator.indicator}>
        {props.label ?? indicator.indicator}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {indicator.unit}
      </Text>
      <Text size="xs" ff="monospace" c="dimmed" w={48} ta="right">
        {indicator.id}
      </Text>
    </Group>
  );
}
