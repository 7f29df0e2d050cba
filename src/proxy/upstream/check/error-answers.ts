import type { AbsenceForm } from '../adapter/common';
import { absenceFormOf } from '../adapter/absence';
import type { UpstreamCall } from '../data-api';
import { describeError, notAnAnswer } from './explain';
import type { RouteCheck } from './types';

/**
 * The check's error probes: how the service says "no such dataset" (its JSON 404, or a 200 with
 * `null` or `{}`, a convention the proxy follows only once it is confirmed here), and that a
 * page too large is refused. A probe that timed out or failed concludes nothing.
 */

type Ask = (
  call: Omit<UpstreamCall, 'userId' | 'requestId'>,
) => Promise<{ status: number; body: unknown; error?: string }>;

const NOT_FOUND = 'GET /datasets/2147483646 (404 probe)';
const TOO_LARGE = 'GET /datasets?limit=101 (422 probe)';

const unanswered = (route: string, why: string, what: string): RouteCheck => ({
  route,
  verdict: 'warn',
  variant: `no answer (${why})`,
  notes: [
    `nothing is concluded from a call that timed out or failed: ${what} is not checked; run the check again`,
  ],
});

/** "No such dataset", as the service says it, against the convention configured. */
function notFound(
  answer: Awaited<ReturnType<Ask>>,
  configured: AbsenceForm,
  settings: Record<string, string>,
): RouteCheck {
  const failed = notAnAnswer(answer);
  if (failed) return unanswered(NOT_FOUND, failed, 'how the service says “no such dataset”');
  const variant = `HTTP ${answer.status}: ${describeError(answer.body)}`;
  const said: AbsenceForm | undefined =
    answer.status === 404 && answer.body !== undefined
      ? '404'
      : answer.status === 200
        ? absenceFormOf(answer.body)
        : undefined;
  if (said === configured) {
    return {
      route: NOT_FOUND,
      verdict: 'ok',
      variant:
        said === '404'
          ? variant
          : `HTTP 200 with ${answer.body === null ? 'null' : '{}'}: how this service says “no such dataset”, read as “not in this release” (DATA_API_ABSENT_AS=${said}, confirmed)`,
      notes: [],
    };
  }
  if (said !== undefined) {
    settings.DATA_API_ABSENT_AS = said;
    return {
      route: NOT_FOUND,
      // Said with a 200 and not yet read so, every unknown ID is a 502 until the setting is made.
      verdict: said === '404' ? 'warn' : 'fail',
      variant,
      notes: [
        said === '404'
          ? `the service says “no such dataset” with its JSON 404, not as DATA_API_ABSENT_AS=${configured} says`
          : `the service says “no such dataset” with HTTP 200 and ${answer.body === null ? 'null' : '{}'}: read as “not in this release” once DATA_API_ABSENT_AS=${said} is set; until then such answers are a 502 naming it`,
      ],
      fix: `DATA_API_ABSENT_AS=${said}`,
    };
  }
  return {
    route: NOT_FOUND,
    verdict: answer.status === 404 ? 'fail' : 'warn',
    variant,
    notes: [
      answer.status === 404
        ? 'a 404 without the API’s JSON: the proxy cannot tell “not in this release” from a wrong path'
        : 'expected 404 (or 200 with null or {}): the explorer then says “not in this release”',
    ],
    fix: 'src/proxy/upstream/adapter/errors.ts (how the service says “no such dataset”)',
  };
}

export async function checkErrorAnswers(
  ask: Ask,
  releaseQuery: (extra?: Record<string, string>) => URLSearchParams,
  configured: AbsenceForm,
  settings: Record<string, string>,
): Promise<RouteCheck[]> {
  const missing = await ask({ method: 'GET', path: '/datasets/2147483646', query: releaseQuery() });
  const invalid = await ask({
    method: 'GET',
    path: '/datasets',
    query: releaseQuery({ limit: '101' }),
  });
  const invalidFailed = notAnAnswer(invalid);
  return [
    notFound(missing, configured, settings),
    invalidFailed
      ? unanswered(TOO_LARGE, invalidFailed, 'a refused page size')
      : {
          route: TOO_LARGE,
          verdict: invalid.status === 422 ? 'ok' : 'warn',
          variant: `HTTP ${invalid.status}: ${describeError(invalid.body)}`,
          notes:
            invalid.status === 422
              ? []
              : ['expected 422: the proxy never asks for more than DATA_API_PAGE_SIZE either way'],
        },
  ];
}
