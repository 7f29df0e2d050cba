import { releaseQuery } from '../../upstream/adapter';
import { answerKey } from '../../cache/response-cache';
import { callerOf, type Handler, type HandlerDeps } from './types';

/** `GET /api/indicators`: a release's indicators, read once for everyone. */
export const indicatorsHandler =
  ({ catalog, limits, adapter }: HandlerDeps): Handler<'indicators'> =>
  async (request) => {
    const caller = callerOf(request);
    const release = await catalog.resolve(caller, request.query);
    return {
      cached: await catalog.shared(answerKey('GET', '/api/indicators', releaseQuery(release)), () =>
        limits.withSlot(caller.userId, () => adapter.indicators(caller, release)),
      ),
    };
  };
