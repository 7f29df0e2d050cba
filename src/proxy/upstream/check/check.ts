import type { Release } from '../../../shared/api/schemas';
import { ProxyError } from '../../errors';
import { createUpstreamAdapter, type AdapterSettings, type ReleaseRef } from '../adapter';
import { readSpold } from '../adapter/datasets';
import { adapterFileOf, ShapeError } from '../adapter/shape';
import type { CallLog, DataApi, UpstreamCall } from '../data-api';
import { PagingError } from '../paging';
import { compareFields, DOCUMENTED, type FieldReport } from './fields';
import { findPageSize, findPaging } from './probes';
import { Recorder } from './record';

/**
 * `npm run check:upstream`: asks the configured data service what the explorer asks, through
 * the proxy's own adapter with the parameters the proxy really sends (page sizes, paging, batch
 * sizes, the Spold route) on the configured prefix, plus a few probes that find out what cannot
 * be assumed (the page size, the paging parameter, the Spold route). It says per route which
 * shape the service sent, which fields differ from the documented ones, the settings to use,
 * and for each ✘ the JSON path or parameter and the one setting or adapter file that fixes it.
 */

export type Verdict = 'ok' | 'warn' | 'fail' | 'skip';

export interface RouteCheck {
  route: string;
  verdict: Verdict;
  /** The shape the adapter recognised, or why it could not read the answer. */
  variant: string;
  fields?: FieldReport;
  notes: string[];
  /** The one setting or adapter file that fixes a ✘ (or explains a !). */
  fix?: string;
}

export interface CheckReport {
  service: string;
  /** The token answer's field names (never values) and what was assumed of it. */
  token: { fields: string[]; assumed: string[] } | undefined;
  routes: RouteCheck[];
  /** Settings that must change for the explorer to work, with the value to use. */
  settings: Record<string, string>;
  /** Whether the explorer works with the settings as configured (the ones printed applied). */
  works: boolean;
  /** Whether the one billed call was made and its scores read. */
  scores: 'checked' | 'not checked' | 'failed';
  savedTo: string | undefined;
}

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

/** Spold routes seen or guessed, tried when the configured one does not answer. */
const SPOLD_CANDIDATES = ['/datasets/spold', '/datasets/by-spold', '/spold', '/datasets/lookup'];
const USER = 'check-upstream';
/** The explorer's own page sizes: its default, and its largest (also the release reads'). */
const SPA_PAGE = 20;
const FULL_PAGE = 100;

/** What went wrong in a step, and the one thing that fixes it. */
function explain(error: unknown): { variant: string; fix?: string } {
  if (error instanceof ShapeError)
    return {
      variant: `cannot read it: ${error.paths.join('; ')}`,
      fix: adapterFileOf(error.route),
    };
  if (error instanceof PagingError) {
    const logged = error.options.logged as { paging?: string; route?: string } | undefined;
    const problem = logged?.paging ?? error.message;
    const route = logged?.route ?? '';
    return {
      variant: `its pages do not add up: ${problem}`,
      fix:
        route === 'GET /indicators'
          ? 'src/proxy/upstream/adapter/indicators.ts (the indicators are paged like the search)'
          : 'DATA_API_SEARCH_PAGING and DATA_API_PAGE_SIZE (see the paging check)',
    };
  }
  if (error instanceof ProxyError)
    return {
      variant: `${error.code}: ${error.options.detail ?? error.message}`,
      ...(error.options.hint ? { fix: error.options.hint } : {}),
    };
  return { variant: String(error) };
}

/** Waits and redirects a step's calls met, as notes; a redirect makes the step a warning. */
function weather(logs: readonly CallLog[], check: RouteCheck) {
  const waits = logs.flatMap((log) => log.waits);
  if (waits.length > 0) {
    const statuses = [...new Set(waits.map((w) => w.status))].join('/');
    const seconds = Math.round(waits.reduce((sum, w) => sum + w.ms, 0) / 100) / 10;
    check.notes.push(
      `the service answered ${statuses} ${waits.length}× and was waited out (${seconds} s, as its Retry-After asked); not a shape`,
    );
  }
  const redirected = [...new Set(logs.flatMap((log) => log.redirectedTo ?? []))];
  if (redirected.length > 0) {
    check.notes.push(
      `redirected once to ${redirected.slice(0, 3).join(', ')} (same origin, followed: one more round trip a call)`,
    );
    if (check.verdict === 'ok') {
      check.verdict = 'warn';
      check.fix ??=
        'nothing needed; if DATA_API_URL or DATA_API_PREFIX is what the redirect changes, set it to the target';
    }
  }
}

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

  // Versions: which release and system model to probe.
  const versions = await step('GET /versions', () => adapter().versions(caller()), {
    variantOf: 'GET /versions',
    documented: DOCUMENTED.versions,
  });
  const latest: Release | undefined = versions.value?.releases.find(
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
    const size = await findPageSize(probe);
    check.notes.push(...size.notes);
    if (size.size === undefined) throw new Error('the search gave no page to measure');
    if (size.size < options.settings.pageSize) {
      settings.DATA_API_PAGE_SIZE = String(size.size);
      effective.pageSize = size.size;
      check.verdict = 'fail';
      check.fix = `DATA_API_PAGE_SIZE=${size.size}`;
      check.notes.push(
        `the service gives at most ${size.size} a page; the proxy asks for ${options.settings.pageSize} (DATA_API_PAGE_SIZE)`,
      );
    } else check.notes.push(`pages of ${effective.pageSize} are given in full`);
    const paging = await findPaging(
      probe,
      effective.pageSize,
      size.firstPage.slice(0, effective.pageSize),
      options.settings.searchPaging,
    );
    check.notes.push(...paging.notes);
    if (!paging.tried) return;
    const [works] = paging.works;
    if (works === undefined) {
      check.verdict = 'fail';
      check.fix =
        'src/proxy/upstream/paging.ts (PAGING_STYLES): none of the styles it knows moves the search to page 2';
      check.notes.push(
        'page 2 repeated page 1 by every paging parameter tried (from, offset, skip, start, page): the service pages by another',
      );
    } else if (!paging.works.includes(options.settings.searchPaging)) {
      settings.DATA_API_SEARCH_PAGING = works;
      effective.searchPaging = works;
      check.verdict = 'fail';
      check.fix = `DATA_API_SEARCH_PAGING=${works}`;
      check.notes.push(
        `page 2 moves by ${works}, not by ${options.settings.searchPaging} (DATA_API_SEARCH_PAGING)`,
      );
    } else check.notes.push(`page 2 moves by ${paging.works.join(' and ')}`);
    if (Object.keys(settings).length > 0)
      check.notes.push('the steps below are asked with the settings printed at the end');
    check.variant = `pages of up to ${effective.pageSize}, paged by ${effective.searchPaging}`;
  });

  // What the explorer asks, through the adapter, with the settings it will have.
  const indicators = await step(
    'GET /indicators (read to the end)',
    () => adapter().indicators(caller(), release),
    { variantOf: 'GET /indicators', documented: DOCUMENTED.indicators },
  );
  if (indicators.value)
    indicators.check.notes.push(`${indicators.value.indicators.length} indicators`);
  const indicatorId = indicators.value?.indicators[0]?.id;

  const searchStep = (label: string, input: Parameters<ReturnType<typeof adapter>['search']>[2]) =>
    step(`GET /datasets (${label})`, () => adapter().search(caller(), release, input), {
      variantOf: 'GET /datasets',
      documented: DOCUMENTED.search,
    });
  const firstPage = await searchStep(`explorer's first page: from=0, ${SPA_PAGE} a page`, {
    from: 0,
    limit: SPA_PAGE,
  });
  if (firstPage.value) firstPage.check.notes.push(`total ${firstPage.value.total}`);
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

  // Errors: an unknown dataset must be the API's 404, and a page too large a 422.
  const missing = await ask({ method: 'GET', path: '/datasets/2147483646', query: releaseQuery() });
  const jsonNotFound = missing.status === 404 && missing.body !== undefined;
  routes.push({
    route: 'GET /datasets/2147483646 (404 probe)',
    verdict: jsonNotFound ? 'ok' : missing.status === 404 ? 'fail' : 'warn',
    variant: missing.error ?? `HTTP ${missing.status}: ${describeError(missing.body)}`,
    notes: jsonNotFound
      ? []
      : missing.status === 404
        ? [
            'a 404 without the API’s JSON: the proxy cannot tell “not in this release” from a wrong path',
          ]
        : ['expected 404: the explorer then says “not in this release”'],
    ...(jsonNotFound
      ? {}
      : { fix: 'src/proxy/upstream/adapter/errors.ts (how the service says “no such dataset”)' }),
  });
  const invalid = await ask({
    method: 'GET',
    path: '/datasets',
    query: releaseQuery({ limit: '101' }),
  });
  routes.push({
    route: 'GET /datasets?limit=101 (422 probe)',
    verdict: invalid.status === 422 ? 'ok' : 'warn',
    variant: invalid.error ?? `HTTP ${invalid.status}: ${describeError(invalid.body)}`,
    notes:
      invalid.status === 422
        ? []
        : ['expected 422: the proxy never asks for more than DATA_API_PAGE_SIZE either way'],
  });

  const rawUuid = recorder
    .of(one.check.route)
    .map(
      (call) => (call.body as { activity_spold_uuid?: unknown } | undefined)?.activity_spold_uuid,
    )
    .find((uuid): uuid is string => typeof uuid === 'string');
  await checkSpold(one.value?.activity_spold_uuid ?? rawUuid, id);

  // The one billed call: after saying what it adds to the bill, with --scored or a yes.
  const billed =
    indicatorId === undefined
      ? undefined
      : `One call with scores adds at most 1 dataset (ID ${id}), 1 indicator (ID ${indicatorId}) and 1 user ("${USER}") to this period's bill.`;
  let consent = false;
  if (billed && options.scored) {
    options.announce?.(`--scored: ${billed}`);
    consent = true;
  } else if (billed && options.confirm) {
    consent = await options.confirm(`${billed} Make it, to check the scores too? [y/N] `);
  }
  if (billed && indicatorId !== undefined && consent) {
    const scored = await step(
      'GET /datasets/{id}?indicator_ids (one billed call)',
      async () => {
        const dataset = await adapter().dataset(caller(), release, id, [indicatorId]);
        if (!dataset.impact_scores.some((score) => score.id === indicatorId))
          throw new Error(`impact_scores[].id: no score of indicator ${indicatorId} in the answer`);
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
        billed
          ? 'the one billed call was not made: run with --scored (or answer yes on a terminal) to check the score rows'
          : 'no indicator to ask scores of',
      ],
    });
  }
  return finish();

  /** The Spold lookup: the configured route, else the routes seen elsewhere. */
  async function checkSpold(activityUuid: string | undefined, datasetId: number) {
    if (activityUuid === undefined) return;
    const configured = options.settings.spoldRoute;
    const check: RouteCheck = {
      route: `GET ${configured ?? '(Spold lookup)'}`,
      verdict: 'ok',
      variant: '',
      notes: [],
    };
    routes.push(check);
    recorder.begin(check.route);
    const finds = async (route: string) => {
      const answer = await ask({
        method: 'GET',
        path: route,
        query: releaseQuery({ activity_spold_uuid: activityUuid }),
      });
      if (answer.status !== 200) return { answer, found: false };
      try {
        const read = readSpold(`GET ${route}`, answer.body);
        return { answer, found: read.value.datasets.some((d) => d.id === datasetId), read };
      } catch (error) {
        return { answer, found: false, error };
      }
    };
    for (const route of [...new Set([...(configured ? [configured] : []), ...SPOLD_CANDIDATES])]) {
      const tried = await finds(route);
      if (route === configured && !tried.found && tried.error) {
        check.verdict = 'fail';
        ({ variant: check.variant } = explain(tried.error));
        check.fix = adapterFileOf(`GET ${route}`);
        return;
      }
      if (!tried.found) continue;
      if (route === configured) {
        check.variant = tried.read?.variant ?? 'read';
        check.fields = compareFields(tried.answer.body, DOCUMENTED.page);
      } else {
        settings.DATA_API_SPOLD_ROUTE = route;
        check.verdict = 'warn';
        check.variant = `the lookup answers at ${route}`;
        check.fix = `DATA_API_SPOLD_ROUTE=${route}`;
      }
      weather(
        recorder.of(check.route).map((call) => call.log),
        check,
      );
      return;
    }
    check.verdict = 'warn';
    check.variant = 'no Spold lookup route answered';
    check.notes.push('UUIDs and ecoSpold file names cannot be looked up; Dataset IDs still work');
    if (configured !== null) {
      settings.DATA_API_SPOLD_ROUTE = 'none';
      check.fix = 'DATA_API_SPOLD_ROUTE=none';
    }
  }
}

/** Integer `id`s of objects in lists named `datasets`, at any depth of an answer. */
function datasetIdsIn(body: unknown, inDatasets = false): number[] {
  if (Array.isArray(body)) return body.flatMap((item) => datasetIdsIn(item, inDatasets));
  if (typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  const own = inDatasets && Number.isInteger(record.id) ? [record.id as number] : [];
  return [
    ...own,
    ...Object.entries(record).flatMap(([key, child]) => datasetIdsIn(child, key === 'datasets')),
  ];
}

/** An error body in a few words: FastAPI's detail, or its shape. */
function describeError(body: unknown): string {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail.slice(0, 120);
  if (Array.isArray(detail)) return `${detail.length} validation error(s), FastAPI style`;
  return body === undefined ? 'no JSON body' : 'a JSON body without detail';
}

export { formatReport, exitCodeOf } from './report';
