import { readSpold } from '../adapter/datasets';
import { adapterFileOf } from '../adapter/shape';
import type { UpstreamCall } from '../data-api';
import { explain, notAnAnswer, weather } from './explain';
import { compareFields, DOCUMENTED } from './fields';
import type { Recorder } from './record';
import type { RouteCheck } from './types';

/** Spold routes seen or guessed, tried when the configured one does not answer. */
const SPOLD_CANDIDATES = ['/datasets/spold', '/datasets/by-spold', '/spold', '/datasets/lookup'];

/** What the Spold check needs of the run: its asking, recording, verdicts and settings. */
export interface SpoldContext {
  ask: (
    call: Omit<UpstreamCall, 'userId' | 'requestId'>,
  ) => Promise<{ status: number; body: unknown; error?: string }>;
  recorder: Recorder;
  routes: RouteCheck[];
  settings: Record<string, string>;
  configured: string | null;
  releaseQuery: (extra?: Record<string, string>) => URLSearchParams;
}

/** The Spold lookup: the configured route, else the routes seen elsewhere. */
export async function checkSpold(
  context: SpoldContext,
  activityUuid: string | undefined,
  datasetId: number,
) {
  const { ask, recorder, routes, settings, configured, releaseQuery } = context;
  if (activityUuid === undefined) return;
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
  // A route that timed out or failed said nothing: "no lookup there" is never concluded from it.
  const unanswered: string[] = [];
  for (const route of [...new Set([...(configured ? [configured] : []), ...SPOLD_CANDIDATES])]) {
    const tried = await finds(route);
    const failed = notAnAnswer(tried.answer);
    if (failed) {
      unanswered.push(`${route} (${failed})`);
      if (route === configured) break;
      continue;
    }
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
  if (unanswered.length > 0) {
    check.variant = 'not concluded: the lookup did not answer';
    check.notes.push(
      `no answer from ${unanswered.join(', ')}: nothing is concluded from a call that timed out or failed, so no setting is printed; run the check again`,
    );
    weather(
      recorder.of(check.route).map((call) => call.log),
      check,
    );
    return;
  }
  check.variant = 'no Spold lookup route answered';
  check.notes.push('UUIDs and ecoSpold file names cannot be looked up; Dataset IDs still work');
  if (configured !== null) {
    settings.DATA_API_SPOLD_ROUTE = 'none';
    check.fix = 'DATA_API_SPOLD_ROUTE=none';
  }
}
