import { Chip, Group } from '@mantine/core';

/**
 * One of a few choices, as chips in a radio group (the comparison's "Compare by" and "Values").
 * Mantine's SegmentedControl measures where its indicator goes once it is drawn, which forced a
 * layout of the whole comparison (2 000 cells: 0.7 s on a slow laptop) inside the task that drew
 * it, and joined that task to the next one (issue 34).
 */
export function ChoiceChips<T extends string>(props: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: readonly { label: string; value: T }[];
}) {
  return (
    <Chip.Group
      value={props.value}
      onChange={(value) => {
        const chosen = props.data.find((choice) => choice.value === value);
        if (chosen) props.onChange(chosen.value);
      }}
    >
      <Group gap={6} role="radiogroup" aria-label={props.label} mih={36} align="center">
        {props.data.map((choice) => (
          <Chip key={choice.value} value={choice.value} type="radio" variant="outline">
            {choice.label}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
