import type { BarChartProps, LineChartProps } from './chart-code';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

/*
 * Mantine's charts with their code loaded when a chart is first drawn, not with the page: the
 * tables beside a chart (a dataset's scores, a history's releases) show without waiting for it,
 * and a page that draws no chart never loads it. Until the code is in, a skeleton of the chart's
 * own height holds its place, so nothing below it moves when it arrives.
 */

const code = () => import('./chart-code');
const BarChartCode = lazy(() => code().then((charts) => ({ default: charts.BarChart })));
const LineChartCode = lazy(() => code().then((charts) => ({ default: charts.LineChart })));

function Placeholder({ h }: { h: BarChartProps['h'] }) {
  return <Skeleton h={h} animate aria-label="Loading the chart" role="status" />;
}

/** Mantine's bar chart, its code loaded when first drawn; its place held at its height. */
export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Placeholder h={props.h} />}>
      <BarChartCode {...props} />
    </Suspense>
  );
}

/** Mantine's line chart, its code loaded when first drawn; its place held at its height. */
export function LineChart(props: LineChartProps) {
  return (
    <Suspense fallback={<Placeholder h={props.h} />}>
      <LineChartCode {...props} />
    </Suspense>
  );
}
