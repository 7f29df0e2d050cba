import type { BarChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The chart code (recharts, d3, redux: about 110 KB gzip, more than the rest of a page's own
// code) loads only when a chart is drawn: the tables beside a chart show without waiting for it.
const BarChartCode = lazy(() =>
  import('@mantine/charts').then((charts) => ({ default: charts.BarChart })),
);

/** Mantine's bar chart, its code loaded when first drawn; its place held at its height. */
export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h} aria-label="Loading the chart" />}>
      <BarChartCode {...props} />
    </Suspense>
  );
}
