import type { Api } from '../api';
import type { Io } from '../io';

const budgetLine = (used: number, budget: number | null, noun: string) =>
  budget === null
    ? `${used} ${noun} (no budget set)`
    : `${used} ${noun} of a budget of ${budget} (${Math.max(0, budget - used)} left)`;

/** This period's charges as the proxy counted them, and what the caller's own requests added. */
export async function usage(api: Api, io: Io, format: 'text' | 'json') {
  const answer = await api('usage');
  if (format === 'json') {
    io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    return;
  }
  const mine = answer.charges.filter((charge) => charge.mine);
  const myDatasets = new Set(mine.flatMap((charge) => charge.datasets)).size;
  const myIndicators = new Set(mine.flatMap((charge) => charge.indicators)).size;
  const lines = [
    `Period ${answer.period}`,
    `Datasets with scores: ${budgetLine(answer.datasets, answer.budget.datasets, 'charged')}`,
    `Indicators: ${budgetLine(answer.indicators, answer.budget.indicators, 'charged')}`,
    `Users: ${answer.users}${answer.charged.user ? ' (you among them)' : ''}`,
    `Your requests added ${myDatasets} dataset(s) and ${myIndicators} indicator(s) in ${mine.length} charge(s):`,
    ...mine.map(
      (charge) =>
        `  ${charge.at}  ${charge.datasets.length} dataset(s) ${charge.datasets.slice(0, 10).join(',')}${charge.datasets.length > 10 ? ',…' : ''}; ${charge.indicators.length} indicator(s) ${charge.indicators.slice(0, 10).join(',')}${charge.indicators.length > 10 ? ',…' : ''}${charge.newUser ? '; you as a user' : ''}`,
    ),
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
}
