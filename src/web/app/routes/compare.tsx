import { Stack } from '@mantine/core';
import { useMemo } from 'react';
import type { Indicator } from '../../../shared/api/schemas';
import { useQuery } from '@tanstack/react-query';
import { useLatest } from '../../lib/latest';
import { useSecondPass } from '../../lib/second-pass';
import { useShownLink } from '../../lib/shown-link';
import { PageSkeleton } from '../../components/feedback/page-skeleton';
import { RouteError } from '../../components/feedback/route-error';
import { MAX_COMPARED, searches } from '../../config/routes';
import { useColumnFates } from '../../features/compare/api/use-column-fates';
import { useComparison } from '../../features/compare/api/use-comparison';
import {
  columnDocumentation,
  useCompareColumns,
} from '../../features/compare/api/use-compare-columns';
import {
  releasesOf,
  resolveColumns,
  sameRelease,
  type Column,
} from '../../features/compare/columns';
import { CompareNotes } from '../../features/compare/components/compare-notes';
import { CompareHeader } from '../../features/compare/components/compare-header';
import { CompareProgress } from '../../features/compare/components/compare-progress';
import { CompareControls } from '../../features/compare/components/compare-controls';
import { CompareResults } from '../../features/compare/components/compare-results';
import { drawnInWindows, loadWindowedRows } from '../../features/compare/components/compare-table';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { defaultIndicatorSet } from '../../features/indicators/defaults';
import { useLicensed } from '../../features/releases/api/use-licensed';
import { usageQueries } from '../../features/usage/api/get-usage';
import { usePageData } from '../../lib/page-data';
import { usePageTitle } from '../../lib/page-title';
import { useCitingContext } from '../citing-context';
import { useRelease } from '../release-context';
import { useRouteSearch } from '../../lib/url-state';
import { type LoaderContext, startQuery, loaderInput } from '../route-context';
import { comparedIndicators } from './compare/compared-indicators';

/**
 * The catalogue and the columns' documentation, each in its release (free); never a score. And
 * the windowed table's code when the link asks for a long table.
 */
export function loader(args: LoaderContext) {
  const { queryClient, release, search } = loaderInput(args, searches.compare);
  const columns = resolveColumns(search.ds.slice(0, MAX_COMPARED), release);
  startQuery(queryClient, indicatorQueries.list(release));
  for (const query of columnDocumentation(columns)) startQuery(queryClient, query);
  startQuery(queryClient, usageQueries.current());
  // A table drawn only near the screen needs the windowing's code: fetched now, beside the data.
  if (search.mode === 'datasets' && drawnInWindows(search.ind.length, columns.length))
    void loadWindowedRows();
  return null;
}

export const ErrorBoundary = RouteError;

const NO_INDICATORS: readonly Indicator[] = [];

/**
 * `/:v/:m/compare?ds=…&ind=…`: datasets side by side on the chosen indicators, or
 * (`mode=methods&theme=…`) every method's indicators for one theme. A column may name another
 * release (`ds=8279,8279@3.12/apos,534@3.10/cutoff`): the rows are this release's indicators,
 * each followed to its counterpart there.
 */
export function Component() {
  const release = useRelease();
  const { version } = release;
  const [search, update] = useRouteSearch(searches.compare);
  const link = useShownLink(searches.compare, undefined);
  const columns = useCompareColumns(release);
  const licensed = useLicensed();
  const catalogue = usePageData(indicatorQueries.list(release));
  const usage = useQuery(usageQueries.current());
  const all = catalogue?.indicators ?? NO_INDICATORS;
  const { indicators, ...chosen } = useMemo(() => comparedIndicators(all, search), [all, search]);
  usePageTitle('Compare', version);
  const citing = useCitingContext();

  const comparison = useComparison({
    shown: release,
    columns: columns.shown,
    rows: indicators,
    charged: usage.data?.charged,
  });
  const fates = useColumnFates({
    shown: release,
    missing: comparison.missing,
    columns: comparison.shownColumns,
  });
  const others = releasesOf(comparison.shownColumns).filter((r) => !sameRelease(r, release));
  // The same functions from render to render, each acting on the latest link: the controls and
  // the table's headers are memoised, and each answer that arrives re-renders this page (issue
  // 34: drawn again on every answer, a 20 × 100 comparison's controls were a long task each time).
  const onAdd = useLatest(columns.add);
  const onBase = useLatest(columns.setBase);
  const onRemove = useLatest((column: Column) =>
    columns.write(columns.all.filter((c) => c.key !== column.key)),
  );
  const secondPass = useSecondPass();
  if (!catalogue || !secondPass)
    return <PageSkeleton heading={<CompareHeader comparison={comparison} />} />;

  return (
    <Stack gap="md">
      <CompareHeader comparison={comparison} />
      <CompareControls
        search={search}
        update={update}
        indicators={all}
        sharedNames={chosen.sharedNames}
        theme={chosen.theme}
        named={chosen.named}
        shown={release}
        releases={licensed}
        shownColumns={comparison.shownColumns}
        columns={columns.shown}
        onAdd={onAdd}
        base={columns.base}
        onBase={onBase}
      />
      <CompareNotes
        release={release}
        columns={columns}
        comparison={comparison}
        fates={fates}
        indicators={indicators}
        ind={search.ind}
        wanted={chosen.wanted}
        others={others}
        onHeadline={() => update({ mode: 'datasets', ind: defaultIndicatorSet(all) })}
      />
      <CompareProgress
        comparison={comparison}
        indicators={indicators}
        asked={columns.shown.length}
      />
      {comparison.shownColumns.length > 0 && indicators.length > 0 && (
        <CompareResults
          release={release}
          comparison={comparison}
          indicators={indicators}
          search={search}
          update={update}
          base={columns.base}
          link={link}
          compared={chosen.named ?? chosen.theme}
          spansReleases={others.length > 0}
          {...citing}
          onRemove={onRemove}
        />
      )}
    </Stack>
  );
}
