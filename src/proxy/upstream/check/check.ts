import type { VersionEntry } from '../../../shared/api/schemas';
import { createUpstreamAdapter, type AdapterSettings, type ReleaseRef } from '../adapter';
import type { DataApi, UpstreamCall } from '../data-api';
import { checkErrorAnswers } from './error-answers';
import { planScoredCall, readScoredCall } from './scored';
import { checkVocabulary } from './vocabulary';
import { datasetIdsIn, explain, weather } from './explain';
import { compareFields, DOCUMENTED } from './fields';
import { discoverPaging } from './probes';
import { Recorder } from './record';
import { checkSpold } from './spold';
import type { CheckReport, RouteCheck } from './types';

export type { CheckReport } from './types';

/**
 * `npm run check:upstream`: asks the configured data service what the explorer asks, through
 * the proxy's own adapter with the parameters the proxy really sends (page sizes, paging, batch
 * sizes, the Spold route) on the configured prefix, plus a few probes that find out what cannot
 * be assumed (the page size, the paging parameter, the Spold route). It says per route which
 * shape the service sent, which fields differ from the documented ones, the settings to use,
 * and for each ✘ the JSON path or parameter and the one setting or adapter file that fixes it.
 */

export interface CheckOptions {
  /** The transport, built with `observe` so the check sees (and saves) every answer. */
  dataApi: (observe: Recorder['observe']) => DataApi;
  service: string;
  settings: AdapterSettings;
  /** Make the one scored call (1 dataset × 1 indicator) without asking. */
  scored: boolean;
  /** Asks the operator whether to make it (a terminal); absent: scores are not checked. */
  confirm?: ((question: string) => Promise<boolean>) | undefined;
  announce?: (message: string) => void;
  /** The token answer's fields and assumptions, once a token was fetched. */
  token?: () => { fields: string[]; assumed: string[] } | undefined;
  /** Where the raw answers are saved; undefined saves nothing. */
  outDir: string | undefined;
  /** Strings that must never be written to disk (the client secret, tokens). */
  secrets: () => string[];
}

const USER = 'check-upstream';
/** The explorer's own page sizes: its default, and its largest (also the release reads'). */
const SPA_PAGE = 20;
const FULL_PAGE = 100;

export async function checkUpstream(options: CheckOptions): Promise<CheckReport> {
  const recorder = new Recorder(options.outDir, options.secrets);
  const dataApi = options.dataApi(recorder.observe);
  const routes: RouteCheck[] = [];
  const settings: Record<string, string> = {};
  const effective: AdapterSettings = { ...options.settings };
  const variants = new Map<string, string>();
  const adapter = () =>
    createUpstreamAdapter(dataApi, { ...effective }, (route, variant) =>
      variants.set(route, variant),
    );
  let sequence = 0;
  const caller = () => ({ userId: USER, requestId: `check-${++sequence}` });
  let scores: CheckReport['scores'] = 'not checked';

  /**
   * Runs one step (a request shape the explorer sends), reads its answers' fields against the
   * documented ones, and notes the weather it met.
   */
  async function step<T>(
    route: string,
    run: (check: RouteCheck) => Promise<T>,
    read: { variantOf?: string; documented?: readonly string[] } = {},
  ): Promise<{ value: T | undefined; check: RouteCheck }> {
    const check: RouteCheck = { route, verdict: 'ok', variant: '', notes: [] };
    routes.push(check);
    recorder.begin(route);
    variants.delete(read.variantOf ?? '');
    let value: T | undefined;
    try {
      value = await run(check);
      check.variant ||= (read.variantOf && variants.get(read.variantOf)) || 'read';
    } catch (error) {
      check.verdict = 'fail';
      const { variant, fix } = explain(error);
      check.variant = variant;
      if (fix) check.fix = fix;
    }
    const calls = recorder.of(route);
    const answered = calls.find((call) => call.status >= 200 && call.status < 300);
    if (read.documented && answered) check.fields = compareFields(answered.body, read.documented);
    weather(
      calls.map((call) => call.log),
      check,
    );
    return { value, check };
  }

  /** One request outside the adapter (a probe): its status and body, never thrown. */
  async function ask(
    call: Omit<UpstreamCall, 'userId' | 'requestId'>,
  ): Promise<{ status: number; body: unknown; error?: string }> {
    try {
      const { response, body } = await dataApi.raw({ ...call, ...caller(), retry: true });
      return { status: response.status, body };
    } catch (error) {
      return { status: 0, body: undefined, error: explain(error).variant };
    }
  }

  const finish = (): CheckReport => {
    const token = options.token?.();
    return {
      service: options.service,
      token,
      routes,
      settings,
      // A warning (no Spold lookup, say) leaves the explorer working with less; a failure does not.
      works: routes.every((route) => route.verdict !== 'fail'),
      scores,
      savedTo: recorder.savedTo,
    };
  };

  // Versions: which release and system model to probe, each listed one tried on the data routes.
  const versionsReader = adapter();
  const versions = await step('GET /versions', () => versionsReader.versions(caller()), {
    variantOf: 'GET /versions',
    documented: DOCUMENTED.versions,
  });
  checkVocabulary(versions.check, versionsReader.releaseVocabulary());
  const latest: VersionEntry | undefined = versions.value?.releases.find(
    (r) => r.version === versions.value?.latest,
  );
  if (!latest) {
    if (versions.check.verdict === 'ok') {
      versions.check.verdict = 'fail';
      versions.check.notes.push('The licence lists no release: nothing else can be checked.');
    }
    return finish();
  }
  const systemModel = latest.system_models.includes('cutoff')
    ? 'cutoff'
    : (latest.system_models[0] ?? 'cutoff');
  const release: ReleaseRef = { version: latest.version, systemModel };
  versions.check.notes.push(
    `latest: ${latest.version} (${versions.value?.releases.map((r) => `${r.version}${r.kind === 'other' ? ' (not a release)' : ''}`).join(', ') ?? ''}); probing ${latest.version}/${systemModel}`,
  );
  const releaseQuery = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ version: release.version, system_model: systemModel, ...extra });

  // Found by asking: the largest page the service gives, and the parameter its search pages by.
  await step('GET /datasets (page size and paging)', async (check) => {
    const probe = (name: string, extra: Record<string, string>) =>
      ask({ method: 'GET', path: '/datasets', query: releaseQuery(extra) }).then((answer) => {
        if (answer.error) check.notes.push(`${name}: ${answer.error}`);
        return answer;
      });
    await discoverPaging(check, probe, options.settings, effective, settings);
  });

  // What the explorer asks, through the adapter, with the settings it will have.
  const indicators = await step(
    'GET /indicators (read to the end)',
    () => adapter().indicators(caller(), release),
    { variantOf: 'GET /indicators', documented: DOCUMENTED.indicators },
  );
  if (indicators.value)
    indicators.check.notes.push(`${indicators.value.indicators.length} indicators`);

  const searchStep = (label: string, input: Parameters<ReturnType<typeof adapter>['search']>[2]) =>
    step(`GET /datasets (${label})`, () => adapter().search(caller(), release, input), {
      variantOf: 'GET /datasets',
      documented: DOCUMENTED.search,
    });
  const firstPage = await searchStep(`explorer's first page: from=0, ${SPA_PAGE} a page`, {
    from: 0,
    limit: SPA_PAGE,
  });
  if (firstPage.value?.total_at_least) {
    // The adapter asked for a row past the total, and one was listed there.
    const { check } = firstPage;
    check.notes.push(
      `total: at least ${firstPage.value.total}. The service lists more past the total it gives: its count stops there (a lower bound). The proxy reads every list to its end and says “at least ${firstPage.value.total}” where a page shows such a total`,
    );
    if (check.verdict === 'ok') {
      check.verdict = 'warn';
      check.fix =
        'nothing to set: lists are read to their end, and such totals shown as “at least”';
    }
  } else if (firstPage.value) firstPage.check.notes.push(`total ${firstPage.value.total}`);
  const full = await searchStep(`a page of ${FULL_PAGE}, as release reads ask`, {
    from: 0,
    limit: FULL_PAGE,
  });
  if ((firstPage.value?.total ?? 0) > SPA_PAGE)
    await searchStep(`page 2: from=${SPA_PAGE}`, { from: SPA_PAGE, limit: SPA_PAGE });
  await searchStep('query=electricity', { query: 'electricity', from: 0, limit: SPA_PAGE });
  const geography = full.value?.results[0]?.products[0]?.datasets[0]?.geography;
  if (geography)
    await searchStep('geography, as the explorer sends it: the display name', {
      geography,
      from: 0,
      limit: SPA_PAGE,
    });
  await searchStep('activity_type=MARKET_ACTIVITY', {
    activity_type: 'MARKET_ACTIVITY',
    from: 0,
    limit: SPA_PAGE,
  });

  // From the search as read, or, when it could not be read, from its raw answer: the routes
  // after it are still worth checking.
  const ids = [
    ...new Set(
      full.value
        ? full.value.results.flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id)))
        : recorder.of(full.check.route).flatMap((call) => datasetIdsIn(call.body)),
    ),
  ].slice(0, FULL_PAGE);
  const [id] = ids;
  if (id === undefined) {
    routes.push({
      route: 'GET /datasets/{id}',
      verdict: 'fail',
      variant: 'no dataset to ask for: the search found none',
      notes: [],
    });
    return finish();
  }

  // The batch as the explorer sends it: up to 100 IDs, a page of all of them, without scores.
  const batch = await step(
    `POST /datasets/batch (${ids.length} IDs, a page of ${ids.length})`,
    () => adapter().batch(caller(), release, { from: 0, limit: ids.length }, { dataset_ids: ids }),
    { variantOf: 'POST /datasets/batch', documented: DOCUMENTED.page },
  );
  if (batch.value) {
    const back = new Set(batch.value.datasets.map((d) => d.id));
    const lost = ids.filter((i) => !back.has(i));
    if (lost.length > 0) {
      batch.check.verdict = 'fail';
      batch.check.notes.push(
        `${lost.length} of the ${ids.length} datasets the search listed did not come back (total ${batch.value.total})`,
      );
      batch.check.fix = 'DATA_API_PAGE_SIZE (the batch gives fewer than it is asked for)';
    }
  }
  if (ids.length > 1) {
    const half = Math.floor(ids.length / 2);
    const later = await step(
      `POST /datasets/batch (from=${half})`,
      () =>
        adapter().batch(
          caller(),
          release,
          { from: half, limit: ids.length - half },
          { dataset_ids: ids },
        ),
      { variantOf: 'POST /datasets/batch' },
    );
    if (later.value && later.value.datasets[0]?.id !== ids[half]) {
      later.check.verdict = 'fail';
      later.check.notes.push(`from=${half} did not start at the ${half + 1}th ID asked for`);
      later.check.fix =
        'src/proxy/upstream/adapter/index.ts (the batch pages by from/limit, as documented)';
    }
  }

  const one = await step('GET /datasets/{id}', () => adapter().dataset(caller(), release, id, []), {
    variantOf: 'GET /datasets/{id}',
    documented: DOCUMENTED.dataset,
  });

  // Errors: how the service says "no such dataset", and that a page too large is a 422.
  routes.push(...(await checkErrorAnswers(ask, releaseQuery, options.settings.absentAs, settings)));

  const rawUuid = recorder
    .of(one.check.route)
    .map(
      (call) => (call.body as { activity_spold_uuid?: unknown } | undefined)?.activity_spold_uuid,
    )
    .find((uuid): uuid is string => typeof uuid === 'string');
  await checkSpold(
    {
      ask,
      recorder,
      routes,
      settings,
      configured: options.settings.spoldRoute,
      releaseQuery,
    },
    one.value?.activity_spold_uuid ?? rawUuid,
    id,
  );

  // The one billed call: after saying what it adds to the bill, with --scored or a yes.
  const call = planScoredCall(indicators.value?.indicators, id, USER);
  let consent = false;
  if (call && options.scored) {
    options.announce?.(`--scored: ${call.bill}`);
    consent = true;
  } else if (call && options.confirm) {
    consent = await options.confirm(`${call.bill} Make it, to check the scores too? [y/N] `);
  }
  if (call && consent) {
    const scored = await step(
      'GET /datasets/{id}?indicator_ids (one billed call)',
      async (check) => {
        const asked = call.indicators.map((indicator) => indicator.id);
        const dataset = await adapter().dataset(caller(), release, id, asked);
        readScoredCall(check, dataset, call);
        return dataset;
      },
      { variantOf: 'GET /datasets/{id}?indicator_ids', documented: DOCUMENTED.scored },
    );
    scores = scored.check.verdict === 'fail' ? 'failed' : 'checked';
  } else {
    routes.push({
      route: 'scores',
      verdict: 'skip',
      variant: 'not checked',
      notes: [
        call
          ? 'the one billed call was not made: run with --scored (or answer yes on a terminal) to check the score rows'
          : 'no indicator to ask scores of',
      ],
    });
  }
  return finish();
}

export { formatReport, exitCodeOf } from './report';
