import type { Provenance } from '../../shared/api/provenance';
import type { Dataset, Indicator } from '../../shared/api/schemas';
import { describeElsewhere } from '../../shared/scores/bill';
import { planCalls } from '../../shared/scores/plan';
import { priceBody } from '../../shared/api/price';
import { billOfPrice } from '../../shared/scores/price';
import { SCORES_FORMAT, SCORES_HEADER, scoreCells } from '../../shared/scores/table';
import type { Api } from '../api';
import { CliError } from '../errors';
import type { Io } from '../io';
import { writeTable, type Format, type Table } from '../output';
import { releaseWire, type ReleaseRef } from '../../shared/versions';

/** Batch calls one run keeps in flight: well under any user's concurrency limit. */
const PARALLEL_CALLS = 2;

/** Runs `work` over `items`, `parallel` at a time, in order of the answers' positions. */
async function inTurn<T, R>(items: readonly T[], parallel: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}

export interface ScoresOptions {
  release: ReleaseRef;
  datasetIds: number[];
  indicatorIds: number[];
  format: Format;
  out: string | undefined;
  /** Charge without asking (unattended runs). */
  yes: boolean;
}

/**
 * Scores of datasets × indicators in one release, as a table with exact values. Free checks
 * first (the indicators exist in the release; the bill and the budget left, as the proxy's
 * `POST /api/scores/price` states them), then the bill agreed to, then the calls with their
 * progress.
 */
export async function scores(api: Api, io: Io, options: ScoresOptions) {
  const { release, datasetIds, indicatorIds } = options;
  const wire = releaseWire(release);
  const label = `${release.version} ${release.systemModel}`;

  const catalogue = new Map(
    (await api('indicators', { query: wire })).indicators.map((i) => [i.id, i]),
  );
  const unknown = indicatorIds.filter((id) => !catalogue.has(id));
  if (unknown.length > 0)
    throw new CliError(`indicator ${unknown.join(', ')} is not in ${label}; nothing was charged`);
  const indicators = indicatorIds.map((id) => catalogue.get(id) as Indicator);

  const request = { ...release, datasetIds, indicatorIds };
  const calls = planCalls(request);
  // The proxy prices it (free, from its usage ledger), as the explorer's pages and snippets
  // state it: the command line cannot name another bill than the page would.
  const price = await api('scorePrice', { body: priceBody([request]) });
  const bill = billOfPrice(price);
  const { left } = price.budget;
  if (!price.budget.allows)
    throw new CliError(
      `this needs ${price.summary}, past the score budget (${left.datasets ?? 'any number of'} datasets and ${left.indicators ?? 'any number of'} indicators left this period); nothing was charged`,
    );

  const what = `Scores of ${datasetIds.length} dataset${datasetIds.length === 1 ? '' : 's'} × ${indicators.length} indicator${indicators.length === 1 ? '' : 's'} in ${label} (${calls.length} call${calls.length === 1 ? '' : 's'})`;
  const elsewhere = describeElsewhere(bill.elsewhere);
  if (price.free) {
    io.say(`${what}: already charged this period, nothing more to pay.`);
  } else {
    io.say(
      `${what}. This adds to this period's bill: ${price.summary}.${elsewhere ? ` ${elsewhere}.` : ''}`,
    );
    if (!options.yes) {
      const agreed = io.confirm('Load them and add this to the bill?');
      if (agreed === undefined)
        throw new CliError(
          `this adds ${price.summary} to the bill: run it from a terminal to be asked, or with --yes to accept`,
        );
      if (!agreed) throw new CliError('nothing was loaded or charged');
    }
  }

  let done = 0;
  io.progress('Score calls', 0, calls.length);
  const pages = await inTurn(calls, PARALLEL_CALLS, async (call) => {
    const page = await api('batch', {
      query: { ...wire, from: 0, limit: call.datasetIds.length },
      body: { dataset_ids: [...call.datasetIds], indicator_ids: [...call.indicatorIds] },
    });
    io.progress('Score calls', ++done, calls.length);
    return page;
  });

  const found = new Map<number, Dataset>();
  const scoreOf = new Map<string, number>();
  // Each value's own answer: where a dataset's indicators came in several calls, each has its
  // call's; a pair the service gave no score for has the answer that gave none.
  const provenanceOf = new Map<string, Provenance | undefined>();
  pages.forEach((page, i) => {
    const asked = calls[i]?.indicatorIds ?? [];
    for (const dataset of page.datasets) {
      if (!found.has(dataset.id)) found.set(dataset.id, dataset);
      for (const indicator of asked)
        provenanceOf.set(`${dataset.id}:${indicator}`, dataset.provenance);
      // No score (null) stays out: its cell is empty, and said below.
      for (const score of dataset.impact_scores)
        if (score.score !== null) scoreOf.set(`${dataset.id}:${score.id}`, score.score);
    }
  });
  const missing = datasetIds.filter((id) => !found.has(id));
  if (missing.length > 0)
    io.say(
      `Not in ${label}, so not in the output: ${missing.length} dataset(s): ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''}`,
    );

  let unscored = 0;
  const rows = datasetIds.flatMap((id) => {
    const dataset = found.get(id);
    if (!dataset) return [];
    return indicators.map((indicator) => {
      const score = scoreOf.get(`${id}:${indicator.id}`);
      if (score === undefined) unscored++;
      return scoreCells({
        release,
        dataset,
        indicator,
        score: score ?? null,
        provenance: provenanceOf.get(`${id}:${indicator.id}`),
      });
    });
  });
  if (unscored > 0)
    io.say(
      `The data service sent no score for ${unscored} dataset × indicator pair(s); their cells are empty.`,
    );

  // The layout every scores export of the explorer writes (src/shared/scores/table.ts).
  const table: Table = {
    header: SCORES_HEADER,
    rows,
    format: SCORES_FORMAT,
    about: {
      version: release.version,
      system_model: release.systemModel,
      fetched_at: new Date().toISOString(),
      datasets_not_in_release: missing,
    },
  };
  await writeTable(table, options.format, options.out, io);
}
