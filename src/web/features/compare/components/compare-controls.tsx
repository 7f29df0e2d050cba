import { Group, Select } from '@mantine/core';
import { memo } from 'react';
import type { Indicator } from '../../../../shared/api/schemas';
import type { CompareColumn } from '../../../config/compare-link';
import type { ReleaseRef, SearchOf } from '../../../config/routes';
import { ChoiceChips } from '../../../components/input/choice-chips';
import { IndicatorPicker } from '../../../components/input/indicator-picker';
import { releaseName, sameRelease, type Column, type ShownColumn } from '../columns';
import { THEME_NAMES, type Theme } from '../themes';
import { AddDatasets } from './add-datasets';

type Search = SearchOf<'compare'>;

/**
 * What is compared and how: by chosen indicators or across methods (a theme, or one indicator
 * every method has), absolute or relative (to what), and which datasets. Memoised: its props stay
 * the same objects while the link does, so the answers arriving do not draw it again.
 */
export const CompareControls = memo(function CompareControls(props: {
  search: Search;
  update: (changes: Partial<Search>, options?: { replace?: boolean }) => void;
  indicators: readonly Indicator[];
  /** Indicator names several methods share, for "or one indicator". */
  sharedNames: readonly string[];
  theme: Theme;
  named: string | undefined;
  /** The page's release, and the licence's, to add a dataset of another. */
  shown: ReleaseRef;
  releases: readonly ReleaseRef[];
  /** The columns on the page (their datasets in their releases), and all the link names. */
  shownColumns: readonly ShownColumn[];
  columns: readonly Column[];
  /** The link's columns with some added. */
  onAdd: (columns: CompareColumn[]) => void;
  /** Writes the column that is 100 % (undefined: each row's largest). */
  onBase: (column: Column | undefined) => void;
  /** The column that is 100 %, by its key. */
  base: string | undefined;
}) {
  const { search, update, indicators } = props;
  return (
    <Group align="end" gap="sm">
      <ChoiceChips
        label="Compare by"
        value={search.mode}
        onChange={(mode) => update({ mode }, { replace: true })}
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
      <ChoiceChips
        label="Values"
        value={search.view}
        onChange={(view) => update({ view }, { replace: true })}
        data={[
          { label: 'Absolute', value: 'absolute' },
          { label: 'Relative', value: 'relative' },
        ]}
      />
      {search.view === 'relative' && props.shownColumns.length > 1 && (
        <Select
          label="100 % is"
          allowDeselect={false}
          data={[
            { value: '', label: 'the largest in each row' },
            ...props.shownColumns.map(({ key, dataset, release }) => ({
              value: key,
              label: `${dataset.activity ?? 'Dataset'}, ${dataset.geography ?? ''} (${dataset.id}${sameRelease(release, props.shown) ? '' : `, ${releaseName(release)}`})`,
            })),
          ]}
          value={props.base ?? ''}
          onChange={(value) =>
            props.onBase(props.shownColumns.find((column) => column.key === value))
          }
          w={{ base: '100%', sm: 280 }}
          comboboxProps={{ width: 360, position: 'bottom-start' }}
        />
      )}
      <AddDatasets
        current={props.columns.map((column) => column.key)}
        shown={props.shown}
        releases={props.releases}
        onAdd={props.onAdd}
      />
    </Group>
  );
});
