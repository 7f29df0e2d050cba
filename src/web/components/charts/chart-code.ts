// The chart code and its styles, in one module that `lazy-charts.tsx` loads when a chart is
// first drawn: recharts with its d3 and redux is about 110 KB gzip, more than a page's own code.
import '@mantine/charts/styles.css';

export { BarChart, LineChart } from '@mantine/charts';
