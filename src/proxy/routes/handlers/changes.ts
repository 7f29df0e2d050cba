import { releaseQuery } from '../../upstream/adapter';
import { answerKey } from '../../cache/response-cache';
import { callerOf, stillReading, type Handler, type HandlerDeps } from './types';

/** `GET /api/changes`: what changed from one release to another, 202 while they are read. */
export const changesHandler =
  ({ catalog, acrossReleases }: HandlerDeps): Handler<'changes'> =>
  async (request) => {
    const caller = callerOf(request);
    const to = await catalog.resolve(caller, request.query);
    const outcome = await acrossReleases.changes(caller, to, request.query.from);
    if (outcome.status === 'building') return stillReading(outcome);
    const key = releaseQuery(to);
    key.set('from', outcome.from.version);
    return {
      cached: await catalog.shared(answerKey('GET', '/api/changes', key), async () =>
        outcome.answer(),
      ),
    };
  };
