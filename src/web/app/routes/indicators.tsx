import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorPanel } from '../../components/feedback/error-panel';
import { paths } from '../../config/paths';
import { indicatorQueries } from '../../features/indicators/api/get-indicators';
import { IndicatorCatalogue } from '../../features/indicators/components/indicator-catalogue';
import { useIndicatorSelection } from '../../features/indicators/use-indicator-selection';
import { useRelease } from '../../lib/release-params';

/** `/:v/:m/indicators`: the catalogue of LCIA indicators, and the set chosen from it. */
export function IndicatorsRoute() {
  const { version, systemModel } = useRelease();
  const indicators = useQuery(indicatorQueries.list(version, systemModel));
  const { selected } = useIndicatorSelection();
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Indicators</Title>
        <Text c="dimmed">
          LCIA methods of release {version} ({systemModel}) with their categories, indicators, units
          and IDs.
          {selected.length > 0 && (
            <>
              {' '}
              <Anchor component={Link} to={paths.datasets(version, systemModel, { ind: selected })}>
                Find a dataset to score with these {selected.length}
              </Anchor>{' '}
              or{' '}
              <Anchor component={Link} to={paths.compare(version, systemModel, { ind: selected })}>
                compare datasets on them
              </Anchor>
            </>
          )}
        </Text>
      </div>
      {indicators.isPending && <Skeleton h={400} aria-label="Loading indicators" />}
      {indicators.isError && (
        <ErrorPanel error={indicators.error} onRetry={() => void indicators.refetch()} />
      )}
      {indicators.data && <IndicatorCatalogue indicators={indicators.data.indicators} />}
    </Stack>
  );
}
