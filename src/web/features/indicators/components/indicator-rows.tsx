import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Indicator } from '../../../../shared/api/schemas';
import { RowCheckbox } from './row-checkbox';

/** A method, category or indicator-name node: open it, or select everything under it. */
export function NodeRow(props: {
  level: 0 | 1;
  name: string;
  count: number;
  open: boolean;
  onToggle: () => void;
  /** How many of its indicators are selected. */
  selected: number;
  onSelect: (checked: boolean) => void;
}) {
  const Icon = props.open ? IconChevronDown : IconChevronRight;
  const all = props.selected === props.count;
  return (
    <Group gap={6} wrap="nowrap" h="100%" pl={props.level === 0 ? 4 : 28}>
      <RowCheckbox
        checked={all}
        indeterminate={props.selected > 0 && !all}
        onChange={props.onSelect}
        label={`Select all ${props.count} of ${props.name}`}
      />
      <UnstyledButton
        onClick={props.onToggle}
        aria-expanded={props.open}
        style={{ flex: 1, minWidth: 0 }}
      >
        <Group gap={6} wrap="nowrap">
          <Icon size={16} aria-hidden />
          <Text fw={props.level === 0 ? 650 : 500} size="sm" truncate title={props.name}>
            {props.name}
          </Text>
          <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
            {props.count}
          </Badge>
        </Group>
      </UnstyledButton>
    </Group>
  );
}

/**
 * One indicator. On a narrow screen the name takes two lines and the unit and ID go under it, so
 * names that differ only at the end (GWP100, GWP20) stay told apart.
 */
export function IndicatorRow(props: {
  indicator: Indicator;
  checked: boolean;
  onChange: (checked: boolean) => void;
  indent: number;
  label?: string;
  narrow: boolean;
  /** What the row offers beside its ID: where the indicator stands in other releases. */
  action?: ReactNode;
}) {
  const { indicator } = props;
  const name = props.label ?? indicator.indicator;
  const meta = (
    <>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {indicator.unit}
      </Text>
      <Text size="xs" ff="monospace" c="dimmed" w={48} ta={props.narrow ? 'left' : 'right'}>
        {indicator.id}
      </Text>
      {props.action}
    </>
  );
  return (
    <Group gap="xs" wrap="nowrap" pl={props.indent} h="100%">
      <RowCheckbox
        checked={props.checked}
        onChange={props.onChange}
        label={`Select ${indicator.method} › ${indicator.category} › ${indicator.indicator}`}
      />
      {props.narrow ? (
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" lineClamp={2} title={name}>
            {name}
          </Text>
          <Group gap="xs">{meta}</Group>
        </Stack>
      ) : (
        <>
          <Text size="sm" truncate style={{ flex: 1 }} title={name}>
            {name}
          </Text>
          {meta}
        </>
      )}
    </Group>
  );
}
