import { Group, Text } from '@mantine/core';
import type { Indicator } from '../../../../shared/api/schemas';
import { CopyLinkButton } from '../../../components/data/copy-link-button';
import { ExportButtons } from '../../../components/data/export-buttons';
import { paths } from '../../../config/paths';
import type { ReleaseRef, SearchOf } from '../../../config/routes';
import type { Comparison } from '../api/use-comparison';
import { sameRelease, type Column } from '../columns';
import { comparisonExport, comparisonToJson } from '../export';
import { CompareCiting } from './compare-citing';
import { CompareTable } from './compare-table';

type Search = SearchOf<'compare'>;

/** What the table shows and how to read it, in a sentence above it. */
function caption(comparison: Comparison, search: Search, base: string | undefined): string {
  if (comparison.shownColumns.length === 1)
    return search.view === 'relative'
      ? 'Relative: each value as a percentage of this dataset’s largest in the same unit (100 %).'
      : 'One dataset: each bar against this dataset’s largest value in the same unit.';
  if (search.view !== 'relative') return 'Press an indicator to rank the datasets by it.';
  return base !== undefined && comparison.shownColumns.some((c) => c.key === base)
    ? `Relative: each value as a percentage of dataset ${search.base?.id ?? ''} in its row (100 %).`
    : 'Relative: each value as a percentage of the largest absolute value in its row (100 %).';
}

/** The comparison's table, with its link, exports, citation and report above it. */
export function CompareResults(props: {
  release: ReleaseRef;
  comparison: Comparison;
  indicators: readonly Indicator[];
  search: Search;
  update: (changes: Partial<Search>, options?: { replace?: boolean }) => void;
  /** The column that is 100 %, by its key. */
  base: string | undefined;
  link: string;
  /** Across methods: the theme, or the indicator by name, the rows are. */
  compared: string;
  /** Some column is of another release: its indicators are followed there. */
  spansReleases: boolean;
  releaseDate: (version: string) => string | null;
  licenceHolder: string | null;
  onRemove: (column: Column) => void;
}) {
  const { release, comparison, indicators, search, update, link } = props;
  const rank =
    search.sort === undefined ? undefined : { indicatorId: search.sort, direction: search.dir };
  const exportData = {
    shown: release,
    columns: comparison.shownColumns,
    indicators,
    value: comparison.value,
    provenance: comparison.provenance,
    followed: comparison.followed,
    rank,
  };
  const indicatorIds = indicators.map((indicator) => indicator.id);
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {caption(comparison, search, props.base)}
        </Text>
        <Group gap="xs">
          <CopyLinkButton link={link} />
          <ExportButtons
            file={`comparison-${release.version}-${release.systemModel}`}
            disabled={!comparison.complete || comparison.indicatorsPending}
            build={() =>
              comparisonExport(exportData, {
                link,
                fields: [
                  [
                    'Compared by',
                    search.mode === 'methods' ? 'across methods' : 'chosen indicators',
                  ],
                  ...(search.mode === 'methods'
                    ? [['Theme or indicator', props.compared] as const]
                    : []),
                ],
              })
            }
            csv={[
              { label: 'Export CSV', table: 0 },
              { label: 'Export wide CSV', table: 1, suffix: '-wide' },
              ...(props.spansReleases
                ? [{ label: 'Export indicators followed CSV', table: 2, suffix: '-indicators' }]
                : []),
            ]}
            json={() => comparisonToJson(exportData)}
          />
          <CompareCiting
            data={exportData}
            loaded={comparison.loaded}
            complete={comparison.complete && !comparison.indicatorsPending}
            link={link}
            releaseDate={props.releaseDate}
            licenceHolder={props.licenceHolder}
          />
        </Group>
      </Group>
      <CompareTable
        columns={comparison.shownColumns}
        indicators={indicators}
        shown={release}
        value={comparison.value}
        loaded={comparison.loaded}
        followed={comparison.followed}
        view={search.view}
        baseline={props.base}
        rank={rank}
        onRank={(rank) =>
          update({ sort: rank?.indicatorId, dir: rank?.direction ?? 'desc' }, { replace: true })
        }
        onRemove={props.onRemove}
        busy={comparison.progress.fetching || comparison.indicatorsPending}
        datasetHref={(column) => {
          const request = comparison.requests.find((r) => sameRelease(r, column.release));
          return paths.dataset(column.release, column.id, {
            ind: request?.indicatorIds ?? indicatorIds,
          });
        }}
      />
    </>
  );
}
