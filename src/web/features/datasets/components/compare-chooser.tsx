import { Button, Group, Modal, MultiSelect, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchHit } from '../../../../shared/api/schemas';
import { paths } from '../../../config/paths';
import { MAX_COMPARED, type ReleaseRef } from '../../../config/routes';
import { geographyRank } from '../geographies';

type Product = SearchHit['products'][number];

/**
 * A product made in more geographies than a comparison holds: the user picks which, rather than
 * the explorer silently taking the first ones.
 */
export function CompareChooser(props: {
  product: Product;
  release: ReleaseRef;
  indicatorIds: readonly number[];
}) {
  const { product } = props;
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const options = product.datasets.map((dataset) => ({
    value: String(dataset.id),
    label: `${dataset.geography} · ${dataset.id}`,
  }));
  const byValue = new Map(product.datasets.map((d) => [String(d.id), d.geography]));
  const title = `Compare ${product.name}: choose up to ${MAX_COMPARED} of ${product.datasets.length} geographies`;
  return (
    <>
      <UnstyledButton
        onClick={open}
        fz="sm"
        fw={600}
        c="var(--mantine-color-anchor)"
        aria-label={`Compare the geographies of ${product.name}: choose ${MAX_COMPARED} of ${product.datasets.length}`}
      >
        Compare (choose {MAX_COMPARED} of {product.datasets.length})
      </UnstyledButton>
      <Modal opened={opened} onClose={close} title={title} size="lg">
        <Stack>
          <Text size="sm">
            A comparison shows {MAX_COMPARED} datasets at a time. Pick the geographies to compare,
            by name or code.
          </Text>
          <MultiSelect
            label="Geographies"
            placeholder="Type to find a geography"
            searchable
            maxValues={MAX_COMPARED}
            data={options}
            // Ranked as every geography chooser is: the exact code first, then names starting
            // with what is typed, then names containing it (a substring filter put "China, East
            // Grid" before Switzerland for "CH").
            filter={({ options: shown, search }) =>
              shown
                .flatMap((option) => {
                  if (!('value' in option)) return [];
                  const rank = geographyRank(byValue.get(option.value) ?? option.label, search);
                  return rank < 3 ? [{ option, rank }] : [];
                })
                .sort((a, b) => a.rank - b.rank || a.option.label.localeCompare(b.option.label))
                .map(({ option }) => option)
            }
            value={chosen}
            onChange={setChosen}
            maxDropdownHeight={280}
          />
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={() =>
                setChosen(product.datasets.slice(0, MAX_COMPARED).map((d) => String(d.id)))
              }
            >
              The first {MAX_COMPARED}
            </Button>
            <Button
              disabled={chosen.length === 0}
              onClick={() =>
                void navigate(
                  paths.compare(props.release, { ds: chosen.map(Number), ind: props.indicatorIds }),
                )
              }
            >
              Compare {chosen.length} selected
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
