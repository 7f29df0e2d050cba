import { callerOf, heldWhileReading, stillReading, type Handler, type HandlerDeps } from './types';

/** `POST /api/upgrade-check`: a verdict per list entry, 202 while the releases are read. */
export const upgradeCheckHandler =
  ({ config, catalog, acrossReleases }: HandlerDeps): Handler<'upgradeCheck'> =>
  async (request) => {
    const caller = callerOf(request);
    const to = await catalog.resolve(caller, request.query);
    const outcome = await heldWhileReading(
      () => acrossReleases.upgradeCheck(caller, to, request.query.from, request.body.entries),
      config.limits.readingHoldMs,
    );
    return outcome.status === 'building' ? stillReading(outcome) : { value: outcome };
  };
