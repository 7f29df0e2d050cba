import { releaseQuery } from '../../upstream/adapter';
import { answerKey } from '../../cache/response-cache';
import { callerOf, stillReading, type Handler, type HandlerDeps } from './types';

/** `GET /api/datasets/{id}/history`: the dataset in every listed release, 202 while read. */
export const historyHandler =
  ({ catalog, acrossReleases }: HandlerDeps): Handler<'history'> =>
  async (request) => {
    const caller = callerOf(request);
    const release = await catalog.resolve(caller, request.query);
    const id = request.params.id;
    const outcome = await acrossReleases.history(caller, release, id);
    if (outcome.status === 'building') return stillReading(outcome);
    return {
      cached: await catalog.shared(
        answerKey('GET', `/api/datasets/${id}/history`, releaseQuery(release)),
        async () => outcome.answer(),
      ),
    };
  };
