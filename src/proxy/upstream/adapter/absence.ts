import { ProxyError } from '../../errors';
import type { AbsenceForm } from './common';
import { UnchargedFailure } from './errors';

/**
 * "No such dataset in this release" said another way than the API's JSON 404: a 200 with `null`
 * or `{}`, as some services answer a lookup that finds nothing. Read as absence only under the
 * convention `npm run check:upstream` confirmed (DATA_API_ABSENT_AS); otherwise named, never
 * guessed: the same words could be a fault of the service.
 */

const SAID: Record<Exclude<AbsenceForm, '404'>, string> = {
  null: '200 and null',
  empty: '200 and an empty object {}',
};

/** `null` or `{}`: an answer that says nothing; undefined for anything else. */
export function absenceFormOf(body: unknown): Exclude<AbsenceForm, '404'> | undefined {
  if (body === null) return 'null';
  if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)
    return 'empty';
  return undefined;
}

/**
 * Whether a 200 from `route` says "no such dataset" by the confirmed convention `absentAs`. An
 * answer that says nothing under another convention is a 502 naming what came and the setting
 * that would read it as absence (after which nobody knows whether a scored call was charged).
 */
export function saysAbsent(route: string, body: unknown, absentAs: AbsenceForm): boolean {
  const form = absenceFormOf(body);
  if (form === undefined) return false;
  if (form === absentAs) return true;
  throw new ProxyError(502, 'upstream_shape', {
    detail: `The data service answered ${route} with ${SAID[form]}. Some services say “no such dataset in this release” that way; the explorer reads it so only where npm run check:upstream confirmed it (DATA_API_ABSENT_AS=${form}), and shows nothing rather than a guess.`,
    hint: 'npm run check:upstream tells how the service says “no such dataset” (DATA_API_ABSENT_AS)',
    logged: { route, said: form, absentAs },
  });
}

/** The proxy's "not in this release", when the service said so by its confirmed convention. */
export const notInRelease = (absentAs: AbsenceForm) =>
  new UnchargedFailure(404, 'not_found', {
    detail: `The data service has no such dataset in this release (it says so with ${absentAs === '404' ? 'a 404' : SAID[absentAs]}).`,
  });
