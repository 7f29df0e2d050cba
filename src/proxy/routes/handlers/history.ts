import { releaseQuery } from '../../upstream/adapter';
import { answerKey } from '../../cache/response-cache';
import { answersAhead, callerOf, type Handler, type HandlerDeps, type Request } from './types';

/** `GET /api/datasets/{id}/history`: the dataset in every listed release, 202 while read. */
export const historyHandler = (deps: HandlerDeps): Handler<'history'> => {
  const { catalog, acrossReleases } = deps;
  const ahead = answersAhead(deps, deps.config.limits.readingHoldMs);
  const answer = async (request: Request<'history'>) => {
    const caller = callerOf(request);
    const release = await catalog.resolve(caller, request.query);
    const id = request.params.id;
    const outcome = await acrossReleases.history(caller, release, id);
    if (outcome.status === 'building') return outcome;
    return {
      cached: await catalog.shared(
        answerKey('GET', `/api/datasets/${id}/history`, releaseQuery(release)),
        async () => outcome.answer(),
      ),
    };
  };
  return async (request) => {
    const outcome = await answer(request);
    if (!('status' in outcome)) return outcome;
    const { version, system_model } = request.query;
    return ahead.reading(request, outcome, {
      key: `history\n${request.params.id}\n${version}\n${system_model}`,
      make: () => answer(request),
    });
  };
};
