import { Group, SegmentedControl, Select } from '@mantine/core';
import type { Dataset, Indicator } from '../../../../shared/api/schemas';
import type { SearchOf } from '../../../config/routes';
import { IndicatorPicker } from '../../../components/input/indicator-picker';
import { THEME_NAMES, type Theme } from '../themes';
import { AddDatasets } from './add-datasets';

type Search = SearchOf<'compare'>;

/**
 * What is compared and how: by chosen indicators or across methods (a theme, or one indicator
 * every method has), absolute or relative (to what), and which datasets.
 */
export function CompareControls(props: {
  search: Search;
  update: (changes: Partial<Search>, options?: { replace?: boolean }) => void;
  indicators: readonly Indicator[];
  /** Indicator names several methods share, for "or one indicator". */
  sharedNames: readonly string[];
  theme: Theme;
  named: string | undefined;
  datasets: readonly Dataset[];
  shownIds: readonly number[];
}) {
  const { search, update, indicators } = props;
  return (
    <Group align="end" gap="sm">
      <SegmentedControl
        aria-label="Compare by"
        value={search.mode}
        onChange={(value) =>
          update({ mode: value === 'methods' ? 'methods' : 'datasets' }, { replace: true })
        }
        data={[
          { label: 'Chosen indicators', value: 'datasets' },
          { label: 'Across methods', value: 'methods' },
        ]}
      />
      {search.mode === 'methods' ? (
        <>
          <Select
            label="Theme"
            data={THEME_NAMES}
            value={props.named ? null : props.theme}
            placeholder="—"
            onChange={(value) => update({ theme: value ?? undefined, indicator: '' })}
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label="or one indicator"
            placeholder="e.g. global warming potential (GWP100)"
            searchable
            clearable
            data={props.sharedNames}
            value={props.named ?? null}
            onChange={(value) => update({ indicator: value ?? '' })}
            w={{ base: '100%', sm: 320 }}
          />
        </>
      ) : (
        <IndicatorPicker
          indicators={indicators}
          value={search.ind}
          onChange={(ind) => update({ ind })}
        />
      )}
      <SegmentedControl
        aria-label="Values"
        value={search.view}
        onChange={(value) =>
          update({ view: value === 'relative' ? 'relative' : 'absolute' }, { replace: true })
        }
        data={[
          { label: 'Absolute', value: 'absolute' },
          { label: 'Relative', value: 'relative' },
        ]}
      />
      {search.view === 'relative' && props.datasets.length > 1 && (
        <Select
          label="100 % is"
          allowDeselect={false}
          data={[
            { value: '', label: 'the largest in each row' },
            ...props.datasets.map((dataset) => ({
              value: String(dataset.id),
              label: `${dataset.activity ?? 'Dataset'}, ${dataset.geography ?? ''} (${dataset.id})`,
            })),
          ]}
          value={search.base === undefined ? '' : String(search.base)}
          onChange={(value) =>
            update({ base: value ? Number(value) : undefined }, { replace: true })
          }
          w={{ base: '100%', sm: 280 }}
          comboboxProps={{ width: 360, position: 'bottom-start' }}
        />
      )}
      <AddDatasets
        current={props.shownIds}
        onAdd={(ids) => update({ ds: [...props.shownIds, ...ids] })}
      />
    </Group>
  );
}
