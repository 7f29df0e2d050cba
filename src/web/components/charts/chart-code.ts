/* eslint-disable no-restricted-imports -- the one module that imports the chart code, which
   lazy-charts.tsx loads when a chart is first drawn: recharts with its d3 and redux is about
   112 KB gzip, more than a page's own code. */
import '@mantine/charts/styles.css';

export { BarChart, LineChart } from '@mantine/charts';
export type { BarChartProps, LineChartProps } from '@mantine/charts';
