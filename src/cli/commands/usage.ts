import type { Api } from '../api';
import type { Usage } from '../../shared/api/schemas';
import type { Io } from '../io';

const budgetLine = (used: number, budget: number | null, noun: string) =>
  budget === null
    ? `${used} ${noun} (no budget set)`
    : `${used} ${noun} of a budget of ${budget} (${Math.max(0, budget - used)} left)`;

/** The usage in lines for a person; every charge is in `--format json`. */
export function usageLines(answer: Usage): string[] {
  const mine = answer.charges.filter((charge) => charge.mine);
  const myDatasets = new Set(mine.flatMap((charge) => charge.datasets)).size;
  const myIndicators = new Set(mine.flatMap((charge) => charge.indicators)).size;
  const ids = (list: readonly number[]) =>
    `${list.slice(0, 10).join(',')}${list.length > 10 ? `,… (${list.length - 10} more in --format json)` : ''}`;
  return [
    `Period ${answer.period}`,
    `Datasets with scores: ${budgetLine(answer.datasets, answer.budget.datasets, 'charged')}`,
    `Indicators: ${budgetLine(answer.indicators, answer.budget.indicators, 'charged')}`,
    `Users: ${answer.users}${answer.charged.user ? ' (you among them)' : ''}`,
    ...(answer.lost.datasets + answer.lost.indicators + answer.lost.users > 0
      ? [
          `Lost from the ledger (billed by the data service, counted above and against the budget, not itemised): ${answer.lost.datasets} dataset(s), ${answer.lost.indicators} indicator(s), ${answer.lost.users} user(s)`,
        ]
      : []),
    ...(answer.charges_total > answer.charges.length
      ? [
          `Listed: the newest ${answer.charges.length} of ${answer.charges_total} charges this period; what follows counts only those.`,
        ]
      : []),
    `Your requests added ${myDatasets} dataset(s) and ${myIndicators} indicator(s) in ${mine.length} charge(s):`,
    ...mine.map(
      (charge) =>
        `  ${charge.at}  ${charge.datasets.length} dataset(s) ${ids(charge.datasets)}; ${charge.indicators.length} indicator(s) ${ids(charge.indicators)}${charge.newUser ? '; you as a user' : ''}`,
    ),
  ];
}

/** This period's charges as the proxy counted them, and what the caller's own requests added. */
export async function usage(api: Api, io: Io, format: 'text' | 'json') {
  const answer = await api('usage');
  if (format === 'json') {
    io.stdout.write(`${JSON.stringify(answer, null, 2)}\n`);
    return;
  }
  io.stdout.write(`${usageLines(answer).join('\n')}\n`);
}
