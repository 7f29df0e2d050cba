import { ProxyError } from '../../errors';
import { adapterFileOf, ShapeError } from '../adapter/shape';
import type { CallLog } from '../data-api';
import { PagingError } from '../paging';
import type { RouteCheck } from './types';

/** How the contract check words what it met: failures with their fix, waits and redirects. */

/** What went wrong in a step, and the one thing that fixes it. */
export function explain(error: unknown): { variant: string; fix?: string } {
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

/**
 * Why an answer to a probe is not the service's word on what was asked, or undefined when it is:
 * a call that timed out or failed on its way, or a status that says the service was busy or
 * failing (429, 5xx). No setting and no "not offered" is ever concluded from one.
 */
export function notAnAnswer(answer: { status: number; error?: string }): string | undefined {
  if (answer.error !== undefined) return answer.error;
  if (answer.status === 429 || answer.status === 408 || answer.status >= 500)
    return `HTTP ${answer.status}`;
  return undefined;
}

/** Waits and redirects a step's calls met, as notes; a redirect makes the step a warning. */
export function weather(logs: readonly CallLog[], check: RouteCheck) {
  const waits = logs.flatMap((log) => log.waits);
  if (waits.length > 0) {
    const statuses = [...new Set(waits.map((w) => w.status))].join('/');
    const seconds = Math.round(waits.reduce((sum, w) => sum + w.ms, 0) / 100) / 10;
    check.notes.push(
      `the service answered ${statuses} ${waits.length}× and was waited out (${seconds} s, as its Retry-After asked); not a shape`,
    );
  }
  const slow = logs.reduce((sum, log) => sum + log.slowFirstBytes, 0);
  if (slow > 0)
    check.notes.push(
      `${slow} call${slow > 1 ? 's' : ''} had not started answering within half the timeout and ${slow > 1 ? 'were' : 'was'} asked once more: the service's weather, not an answer`,
    );
  const refused = logs.flatMap((log) => log.tokenRefused ?? []);
  const early = refused.find((refusal) => refusal.freshPassed && !refusal.apisOwn);
  if (early) {
    check.notes.push(
      `a token was refused before its expires_in with HTTP ${early.status} in words that are not the API's own (a gateway's); a fresh token passed`,
    );
    if (check.verdict === 'ok') {
      check.verdict = 'warn';
      check.fix ??=
        'nothing needed: the proxy takes a fresh token once on such a refusal; if every call meets one, the gateway keeps tokens for less than expires_in says';
    }
  }
  const encodings = [...new Set(logs.flatMap((log) => log.encoding ?? []))];
  if (encodings.length > 0)
    check.notes.push(
      `answers came encoded (Content-Encoding: ${encodings.join(', ')}) though the proxy asked for none: decoded, nothing to set`,
    );
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

/** Integer `id`s of objects in lists named `datasets`, at any depth of an answer. */
export function datasetIdsIn(body: unknown, inDatasets = false): number[] {
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
export function describeError(body: unknown): string {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail.slice(0, 120);
  if (Array.isArray(detail)) return `${detail.length} validation error(s), FastAPI style`;
  return body === undefined ? 'no JSON body' : 'a JSON body without detail';
}
