import {
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  Progress,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { paths } from '../../config/paths';
import { useComparison } from '../../features/compare/api/use-comparison';
import { CompareTable } from '../../features/compare/components/compare-table';
import { comparisonToCsv, comparisonToJson } from '../../features/compare/export';
import { indicatorsForTheme, THEME_NAMES, type Theme } from '../../features/compare/themes';
import { download } from '../../lib/files';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { groupByIndicator } from '../../features/indicators/tree';
import { usageQueries } from '../../features/usage/api/get-usage';
import { useRelease } from '../../lib/release-params';
import { formatIndicatorSet, parseIndicatorSet, useUpdateSearch } from '../../lib/url-state';

const MAX_DATASETS = 20;

/**
 * `/:v/:m/compare?ds=…&ind=…`: datasets side by side on the chosen indicators, or
 * (`mode=methods&theme=…`) every method's indicators for one theme.
 */
export function CompareRoute() {
  const { version, systemModel } = useRelease();
  const [searchParams] = useSearchParams();
  const updateSearch = useUpdateSearch();
  const datasetIds = parseIndicatorSet(searchParams.get('ds')).slice(0, MAX_DATASETS);
  const chosen = parseIndicatorSet(searchParams.get('ind'));
  const mode = searchParams.get('mode') === 'methods' ? 'methods' : 'datasets';
  const theme = (THEME_NAMES as string[]).includes(searchParams.get('theme') ?? '')
    ? (searchParams.get('theme') as Theme)
    : 'climate change';
  const view = searchParams.get('view') === 'relative' ? 'relative' : 'absolute';
  const sortParam = Number(searchParams.get('sort'));
  const sortBy = datasetIds.includes(sortParam) ? sortParam : undefined;
  const [asked, setAsked] = useState(false);
  const [toAdd, setToAdd] = useState('');

  const catalogue = useQuery(indicatorQueries.list(version, systemModel));
  const usage = useQuery(usageQueries.current());
  const all = catalogue.data?.indicators ?? [];
  // Across methods: a theme, or one indicator by name (every method's GWP100, say).
  const groups = groupByIndicator(all.filter((indicator) => !/ no LT$/.test(indicator.method)));
  const byName = searchParams.get('indicator') ?? '';
  const named = groups.find((group) => group.name === byName);
  const indicators =
    mode === 'methods'
      ? named
        ? named.indicators.slice(0, 100)
        : indicatorsForTheme(all, theme)
      : all.filter((indicator) => chosen.includes(indicator.id));
  const indicatorIds = indicators.map((indicator) => indicator.id);

  const charged = usage.data?.charged;
  const newDatasets = charged
    ? datasetIds.filter((id) => !charged.datasets.includes(id)).length
    : datasetIds.length;
  const newIndicators = charged
    ? indicatorIds.filter((id) => !charged.indicators.includes(id)).length
    : indicatorIds.length;
  const free = charged !== undefined && newDatasets === 0 && newIndicators === 0;
  const comparison = useComparison({
    version,
    systemModel,
    datasetIds,
    indicatorIds,
    withScores: asked || free,
  });

  const datasets = datasetIds.flatMap((id) => {
    const dataset = comparison.merged.datasets.get(id);
    return dataset ? [dataset] : [];
  });
  const setDatasets = (ids: readonly number[]) =>
    updateSearch({ ds: ids.length ? formatIndicatorSet(ids) : undefined, sort: undefined });
  const add = (event: SyntheticEvent) => {
    event.preventDefault();
    const id = Number(toAdd.trim());
    if (
      Number.isInteger(id) &&
      id > 0 &&
      !datasetIds.includes(id) &&
      datasetIds.length < MAX_DATASETS
    )
      setDatasets([...datasetIds, id]);
    setToAdd('');
  };
  const exportData = {
    version,
    systemModel,
    datasets,
    indicators,
    scores: comparison.merged.scores,
  };
  const base = `comparison-${version}-${systemModel}`;

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Compare</Title>
        <Text c="dimmed">
          Up to {MAX_DATASETS} datasets side by side on up to 100 indicators, or one theme as every
          method rates it.
        </Text>
      </div>
      <Group align="end" gap="sm">
        <SegmentedControl
          aria-label="Compare by"
          value={mode}
          onChange={(value) =>
            updateSearch({ mode: value === 'methods' ? 'methods' : undefined }, { replace: true })
          }
          data={[
            { label: 'Chosen indicators', value: 'datasets' },
            { label: 'Across methods', value: 'methods' },
          ]}
        />
        {mode === 'methods' ? (
          <>
            <Select
              label="Theme"
              data={THEME_NAMES}
              value={named ? null : theme}
              placeholder="—"
              onChange={(value) =>
                updateSearch({ theme: value ?? undefined, indicator: undefined })
              }
              w={200}
            />
            <Select
              label="or one indicator"
              placeholder="e.g. global warming potential (GWP100)"
              searchable
              clearable
              data={groups
                .filter((group) => group.indicators.length > 1)
                .map((group) => group.name)}
              value={named ? named.name : null}
              onChange={(value) => updateSearch({ indicator: value ?? undefined })}
              w={320}
            />
          </>
        ) : (
          <MultiSelect
            label="Indicators"
            placeholder={chosen.length ? 'Add more' : 'Pick indicators'}
            searchable
            limit={50}
            maxValues={100}
            filter={({ options, search }) => {
              // Every word typed must appear, as in the catalogue: "CML acidification".
              const words = search.toLowerCase().split(/\s+/).filter(Boolean);
              return options.filter(
                (option) =>
                  'label' in option &&
                  words.every((word) => option.label.toLowerCase().includes(word)),
              );
            }}
            data={all.map((indicator) => ({
              value: String(indicator.id),
              label: `${indicator.method} › ${indicator.category} › ${indicator.indicator} (${indicator.id})`,
            }))}
            value={chosen.map(String)}
            onChange={(values) =>
              updateSearch({ ind: values.length ? values.join(',') : undefined })
            }
            w={420}
            maxDropdownHeight={300}
          />
        )}
        <SegmentedControl
          aria-label="Values"
          value={view}
          onChange={(value) =>
            updateSearch({ view: value === 'relative' ? 'relative' : undefined }, { replace: true })
          }
          data={[
            { label: 'Absolute', value: 'absolute' },
            { label: 'Relative', value: 'relative' },
          ]}
        />
        <form onSubmit={add} aria-label="Add a dataset">
          <Group gap={4} align="end">
            <TextInput
              label="Add dataset by ID"
              value={toAdd}
              onChange={(event) => setToAdd(event.currentTarget.value)}
              w={160}
            />
            <Button type="submit" variant="default" disabled={datasetIds.length >= MAX_DATASETS}>
              Add
            </Button>
          </Group>
        </form>
      </Group>

      {datasetIds.length === 0 && (
        <Text>
          No datasets yet. Add one by ID, or use “Compare” on a dataset page or a search result.{' '}
          <Anchor component={Link} to={paths.datasets(version, systemModel)}>
            Search datasets
          </Anchor>
        </Text>
      )}
      {comparison.error !== undefined && (
        <ErrorPanel error={comparison.error} onRetry={comparison.retry} />
      )}
      {comparison.merged.missing.length > 0 && !comparison.docsPending && (
        <Alert color="yellow" title="Not in this release">
          {comparison.merged.missing.join(', ')}{' '}
          {comparison.merged.missing.length === 1 ? 'is' : 'are'} not in {version} ({systemModel}).
        </Alert>
      )}
      {datasetIds.length > 0 &&
        indicatorIds.length > 0 &&
        !comparison.scoresReady &&
        (comparison.scoreCalls > 0 ? (
          <Stack gap={4} role="status">
            <Text size="sm">
              Loading scores: {comparison.scoreCallsDone} of {comparison.scoreCalls} request
              {comparison.scoreCalls === 1 ? '' : 's'}
            </Text>
            <Progress
              value={(comparison.scoreCallsDone / comparison.scoreCalls) * 100}
              aria-label="Loading scores"
            />
          </Stack>
        ) : (
          <Alert
            color="blue"
            title={`Scores for ${datasetIds.length} datasets × ${indicatorIds.length} indicators`}
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {newDatasets + newIndicators > 0
                  ? `Loading them adds ${newDatasets} new dataset${newDatasets === 1 ? '' : 's'} and ${newIndicators} new indicator${newIndicators === 1 ? '' : 's'} to this period’s licence bill; the rest is already paid for.`
                  : 'Already charged this period: loading them costs nothing more.'}
              </Text>
              <Button onClick={() => setAsked(true)}>Load scores</Button>
            </Stack>
          </Alert>
        ))}
      {comparison.docsPending && datasetIds.length > 0 && (
        <Skeleton h={240} aria-label="Loading datasets" />
      )}
      {datasets.length > 0 && indicators.length > 0 && (
        <>
          <Group justify="flex-end" gap="xs">
            <Button
              size="xs"
              variant="default"
              disabled={!comparison.scoresReady}
              onClick={() => download(`${base}.csv`, comparisonToCsv(exportData), 'text/csv')}
            >
              Export CSV
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={!comparison.scoresReady}
              onClick={() =>
                download(`${base}.json`, comparisonToJson(exportData), 'application/json')
              }
            >
              Export JSON
            </Button>
          </Group>
          <CompareTable
            datasets={datasets}
            indicators={indicators}
            scores={comparison.scoresReady ? comparison.merged.scores : undefined}
            view={view}
            sortBy={sortBy}
            onSort={(id) =>
              updateSearch({ sort: id === undefined ? undefined : String(id) }, { replace: true })
            }
            onRemove={(id) => setDatasets(datasetIds.filter((other) => other !== id))}
          />
        </>
      )}
    </Stack>
  );
}
