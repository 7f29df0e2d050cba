import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Releases } from '../../../shared/api/schemas';
import { ProxyError } from '../../errors';
import type { DataApi, UpstreamCall } from '../data-api';
import { readBatch, readDataset, readSearch, readSpold } from '../adapter/datasets';
import { readIndicatorPage } from '../adapter/indicators';
import { readVersions } from '../adapter/versions';
import { compareFields, DOCUMENTED, type FieldReport } from './fields';

/**
 * `npm run check:upstream`: asks the configured data service each route the explorer uses,
 * with free calls only unless `scored`, and says per route which shape it sent, which fields
 * differ from the documented ones, which settings to use, and whether the explorer can work.
 */

export type Verdict = 'ok' | 'warn' | 'fail';

export interface RouteCheck {
  route: string;
  verdict: Verdict;
  /** The shape the adapter recognised, or why it could not read the answer. */
  variant: string;
  fields?: FieldReport;
  notes: string[];
}

export interface CheckReport {
  service: string;
  routes: RouteCheck[];
  /** Settings that must change for the explorer to work, with the value to use. */
  settings: Record<string, string>;
  /** Whether the explorer works with the settings as configured. */
  works: boolean;
  savedTo: string | undefined;
}

export interface CheckOptions {
  dataApi: DataApi;
  service: string;
  settings: { searchPaging: 'from' | 'offset'; spoldRoute: string | null };
  /** Make exactly one scored call (1 dataset × 1 indicator); `announce` is told first. */
  scored: boolean;
  announce?: (message: string) => void;
  /** Where the raw answers are saved; undefined saves nothing. */
  outDir: string | undefined;
  /** Strings that must never be written to disk (the client secret, tokens). */
  secrets: () => string[];
}

/** Spold routes seen or guessed, tried when the configured one does not answer. */
const SPOLD_CANDIDATES = ['/datasets/spold', '/datasets/by-spold', '/spold', '/datasets/lookup'];
const USER = 'check-upstream';

export async function checkUpstream(options: CheckOptions): Promise<CheckReport> {
  const { dataApi } = options;
  const routes: RouteCheck[] = [];
  const settings: Record<string, string> = {};
  let saved = 0;

  const save = (name: string, call: UpstreamCall, status: number, body: unknown) => {
    if (!options.outDir) return;
    mkdirSync(options.outDir, { recursive: true });
    let text = JSON.stringify(
      {
        request: {
          method: call.method,
          path: call.path,
          query: call.query?.toString() ?? '',
          body: call.body,
        },
        status,
        body,
      },
      null,
      2,
    );
    for (const secret of options.secrets()) if (secret) text = text.split(secret).join('[removed]');
    saved++;
    writeFileSync(
      path.join(options.outDir, `${String(saved).padStart(2, '0')}-${name}.json`),
      text,
    );
  };

  async function ask(name: string, call: Omit<UpstreamCall, 'userId' | 'requestId'>) {
    const full: UpstreamCall = { ...call, userId: USER, requestId: `check-${name}` };
    try {
      const { response, body } = await dataApi.raw(full);
      save(name, full, response.status, body);
      return { status: response.status, body };
    } catch (error) {
      const message = error instanceof ProxyError ? error.message : String(error);
      save(name, full, 0, { error: message });
      return { status: 0, body: undefined, error: message };
    }
  }

  /** Reads an answer with the adapter; a failure to read is this route's verdict. */
  function attempt<T>(
    route: string,
    answer: { status: number; body: unknown; error?: string },
    documented: readonly string[],
    read: (body: unknown) => { value: T; variant: string },
  ): { value: T | undefined; check: RouteCheck } {
    const check: RouteCheck = { route, verdict: 'ok', variant: '', notes: [] };
    routes.push(check);
    if (answer.status < 200 || answer.status >= 300) {
      check.verdict = 'fail';
      check.variant = answer.error ?? `HTTP ${answer.status}: ${describeError(answer.body)}`;
      return { value: undefined, check };
    }
    check.fields = compareFields(answer.body, documented);
    try {
      const parsed = read(answer.body);
      check.variant = parsed.variant;
      return { value: parsed.value, check };
    } catch (error) {
      check.verdict = 'fail';
      check.variant =
        error instanceof ProxyError && error.options.logged
          ? `cannot read it: ${String((error.options.logged.paths as string[] | undefined)?.join('; '))}`
          : `cannot read it: ${String(error)}`;
      return { value: undefined, check };
    }
  }

  // Versions: which release and system model to probe.
  const versions = attempt<Releases>(
    'GET /versions',
    await ask('versions', { method: 'GET', path: '/versions' }),
    DOCUMENTED.versions,
    readVersions,
  );
  const latest = versions.value?.releases.find((r) => r.version === versions.value?.latest);
  if (!latest) {
    versions.check.verdict = 'fail';
    versions.check.notes.push('The licence lists no release: nothing else can be checked.');
    return finish();
  }
  const systemModel = latest.system_models.includes('cutoff')
    ? 'cutoff'
    : (latest.system_models[0] ?? 'cutoff');
  versions.check.notes.push(
    `latest: ${latest.version} (${versions.value?.releases.map((r) => `${r.version}${r.kind === 'other' ? ' (not a release)' : ''}`).join(', ') ?? ''}); probing ${latest.version}/${systemModel}`,
  );
  const release = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ version: latest.version, system_model: systemModel, ...extra });

  // Indicators, followed through their pages as the adapter does.
  const first = attempt(
    'GET /indicators',
    await ask('indicators', { method: 'GET', path: '/indicators', query: release() }),
    DOCUMENTED.indicators,
    (body) => {
      const page = readIndicatorPage(body);
      return {
        value: page,
        variant: page.nested ? 'nested method → category → indicator' : 'a flat list',
      };
    },
  );
  let indicatorId: number | undefined = first.value?.indicators[0]?.id;
  if (first.value) {
    let { items } = first.value;
    let count = first.value.indicators.length;
    let pages = 1;
    while (first.value.total !== undefined && items < first.value.total && pages < 100) {
      const next = await ask(`indicators-page-${pages + 1}`, {
        method: 'GET',
        path: '/indicators',
        query: release({ from: String(items), limit: String(first.value.items) }),
      });
      const page = next.status === 200 ? readIndicatorPage(next.body) : undefined;
      if (!page || page.items === 0) {
        first.check.verdict = 'fail';
        first.check.notes.push(`page ${pages + 1} (from=${items}) could not be read`);
        break;
      }
      items += page.items;
      count += page.indicators.length;
      indicatorId ??= page.indicators[0]?.id;
      pages++;
    }
    first.check.variant += pages > 1 ? `, paged by from/limit (${pages} pages)` : ', in one answer';
    first.check.notes.push(`${count} indicators`);
  }

  // Search: with and without a query, and its second page by each paging name.
  const plain = attempt(
    'GET /datasets (no query)',
    await ask('search', { method: 'GET', path: '/datasets', query: release({ limit: '10' }) }),
    DOCUMENTED.search,
    (b) => readSearch(b, options.settings.searchPaging),
  );
  attempt(
    'GET /datasets?query=electricity',
    await ask('search-query', {
      method: 'GET',
      path: '/datasets',
      query: release({ query: 'electricity', limit: '10' }),
    }),
    DOCUMENTED.search,
    (b) => readSearch(b, options.settings.searchPaging),
  );
  const firstIds = idsOf(plain.value);
  if (plain.value) {
    const byName = async (name: 'from' | 'offset') => {
      const answer = await ask(`search-page-2-${name}`, {
        method: 'GET',
        path: '/datasets',
        query: release({ limit: '10', [name]: '10' }),
      });
      return answer.status === 200 ? idsOf(readSearchSafely(answer.body)) : undefined;
    };
    const paging = plain.check;
    if (plain.value.total <= 10) {
      paging.notes.push(
        'one page only: paging cannot be told apart; DATA_API_SEARCH_PAGING stays as it is',
      );
    } else {
      const moved = async (name: 'from' | 'offset') => {
        const ids = await byName(name);
        return ids !== undefined && ids.length > 0 && ids.join() !== firstIds.join();
      };
      const [byFrom, byOffset] = [await moved('from'), await moved('offset')];
      const works = byFrom ? 'from' : byOffset ? 'offset' : undefined;
      if (!works) {
        paging.verdict = 'fail';
        paging.notes.push(
          'page 2 repeated page 1 with both from=10 and offset=10: the service’s paging parameter is unknown',
        );
      } else if (options.settings.searchPaging !== works && !(byFrom && byOffset)) {
        settings.DATA_API_SEARCH_PAGING = works;
        paging.verdict = 'fail';
        paging.notes.push(`page 2 moves with ${works}, not with ${options.settings.searchPaging}`);
      } else {
        paging.notes.push(
          `paging by ${byFrom && byOffset ? 'from and offset alike' : works} works`,
        );
      }
    }
  }

  // One dataset and one batch, without indicators (free).
  const [id, second] = firstIds;
  let activityUuid: string | undefined;
  if (id !== undefined) {
    const one = attempt(
      `GET /datasets/{id}`,
      await ask('dataset', { method: 'GET', path: `/datasets/${id}`, query: release() }),
      DOCUMENTED.dataset,
      readDataset,
    );
    activityUuid = one.value?.activity_spold_uuid ?? undefined;
    attempt(
      'POST /datasets/batch',
      await ask('batch', {
        method: 'POST',
        path: '/datasets/batch',
        query: release({ limit: '10' }),
        body: { dataset_ids: [id, second ?? id] },
      }),
      DOCUMENTED.page,
      readBatch,
    );
  } else {
    routes.push({
      route: 'GET /datasets/{id}',
      verdict: 'fail',
      variant: 'no dataset to ask for: the search found none',
      notes: [],
    });
  }

  // Errors: an unknown dataset, and a page too large.
  const missing = await ask('not-found', {
    method: 'GET',
    path: '/datasets/2147483646',
    query: release(),
  });
  routes.push({
    route: 'GET /datasets/2147483646 (404 probe)',
    verdict: missing.status === 404 ? 'ok' : 'warn',
    variant: `HTTP ${missing.status}: ${describeError(missing.body)}`,
    notes:
      missing.status === 404 ? [] : ['expected 404: the explorer then says “not in this release”'],
  });
  const invalid = await ask('validation', {
    method: 'GET',
    path: '/datasets',
    query: release({ limit: '101' }),
  });
  routes.push({
    route: 'GET /datasets?limit=101 (422 probe)',
    verdict: invalid.status === 422 ? 'ok' : 'warn',
    variant: `HTTP ${invalid.status}: ${describeError(invalid.body)}`,
    notes:
      invalid.status === 422
        ? []
        : ['expected 422: the proxy keeps its own limit of 100 a page either way'],
  });

  // The Spold lookup: the configured route, else the routes seen elsewhere.
  if (activityUuid !== undefined && id !== undefined) {
    const tryRoute = async (route: string) => {
      const answer = await ask(`spold${route.replaceAll('/', '-')}`, {
        method: 'GET',
        path: route,
        query: release({ activity_spold_uuid: activityUuid }),
      });
      if (answer.status !== 200) return { answer, found: false };
      try {
        return {
          answer,
          found: readSpold(`GET ${route}`, answer.body).value.datasets.some((d) => d.id === id),
        };
      } catch {
        return { answer, found: false };
      }
    };
    const configured = options.settings.spoldRoute;
    const candidates = [...new Set([...(configured ? [configured] : []), ...SPOLD_CANDIDATES])];
    let working: string | undefined;
    let configuredAnswer: { status: number; body: unknown } | undefined;
    for (const route of candidates) {
      const { answer, found } = await tryRoute(route);
      if (route === configured) configuredAnswer = answer;
      if (found) {
        working = route;
        break;
      }
    }
    const spold: RouteCheck = {
      route: `GET ${configured ?? '(Spold lookup)'}`,
      verdict: 'ok',
      variant: '',
      notes: [],
    };
    routes.push(spold);
    if (working && working === configured && configuredAnswer) {
      const read = readSpold(`GET ${working}`, configuredAnswer.body);
      spold.variant = read.variant;
      spold.fields = compareFields(configuredAnswer.body, DOCUMENTED.page);
    } else if (working) {
      settings.DATA_API_SPOLD_ROUTE = working;
      spold.verdict = 'warn';
      spold.variant = `the lookup answers at ${working}`;
    } else {
      spold.verdict = 'warn';
      spold.variant = 'no Spold lookup route answered';
      spold.notes.push('UUIDs and ecoSpold file names cannot be looked up; Dataset IDs still work');
      if (configured !== null) settings.DATA_API_SPOLD_ROUTE = 'none';
    }
  }

  // One scored call, only when asked for, after saying what it adds to the bill.
  if (options.scored && id !== undefined && indicatorId !== undefined) {
    options.announce?.(
      `--scored: one call with scores adds at most 1 dataset (ID ${id}), 1 indicator (ID ${indicatorId}) and 1 user ("${USER}") to this period's bill.`,
    );
    attempt(
      'GET /datasets/{id}?indicator_ids (scored)',
      await ask('scored', {
        method: 'GET',
        path: `/datasets/${id}`,
        query: release({ indicator_ids: String(indicatorId) }),
      }),
      DOCUMENTED.scored,
      (body) => {
        const read = readDataset(body);
        if (!read.value.impact_scores.some((score) => score.id === indicatorId))
          throw new Error(`no score for indicator ${indicatorId} in the answer`);
        return read;
      },
    );
  }
  return finish();

  function finish(): CheckReport {
    // A warning (no Spold lookup, say) leaves the explorer working with less; a failure does not.
    const works = routes.every((route) => route.verdict !== 'fail');
    return {
      service: options.service,
      routes,
      settings,
      works,
      savedTo: saved > 0 ? options.outDir : undefined,
    };
  }
}

function readSearchSafely(body: unknown) {
  try {
    return readSearch(body, 'from').value;
  } catch {
    return undefined;
  }
}

function idsOf(
  page: { results: { products: { datasets: { id: number }[] }[] }[] } | undefined,
): number[] {
  return (page?.results ?? []).flatMap((a) =>
    a.products.flatMap((p) => p.datasets.map((d) => d.id)),
  );
}

/** An error body in a few words: FastAPI's detail, or its shape. */
function describeError(body: unknown): string {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail.slice(0, 120);
  if (Array.isArray(detail)) return `${detail.length} validation error(s), FastAPI style`;
  return body === undefined ? 'no JSON body' : 'a JSON body without detail';
}

const MARK: Record<Verdict, string> = { ok: '✔', warn: '!', fail: '✘' };

/** The report as the operator reads it in a terminal. */
export function formatReport(report: CheckReport): string {
  const lines = [`Data service: ${report.service}`, ''];
  for (const route of report.routes) {
    lines.push(`${MARK[route.verdict]} ${route.route}: ${route.variant}`);
    const fields = route.fields;
    if (fields?.missing.length) lines.push(`    missing: ${fields.missing.join(', ')}`);
    if (fields?.extra.length) lines.push(`    extra:   ${fields.extra.join(', ')}`);
    if (fields?.nulls.length) lines.push(`    null:    ${fields.nulls.join(', ')}`);
    for (const note of route.notes) lines.push(`    ${note}`);
  }
  lines.push('');
  const settings = Object.entries(report.settings);
  if (settings.length > 0) {
    lines.push('Settings to use (in .env or the environment):');
    for (const [name, value] of settings) lines.push(`  ${name}=${value}`);
  } else {
    lines.push('Settings: the configured ones fit this service.');
  }
  if (report.savedTo) lines.push(`Raw answers (tokens and secrets removed): ${report.savedTo}`);
  lines.push(
    report.works
      ? 'Verdict: the explorer can work with this data service.'
      : 'Verdict: the explorer cannot work with this data service as configured: see ✘ above. Settings fix what they can; a shape the adapter cannot read is fixed in src/proxy/upstream/adapter/.',
  );
  return lines.join('\n');
}
