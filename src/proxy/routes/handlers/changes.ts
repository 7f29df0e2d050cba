import { releaseQuery } from '../../upstream/adapter';
import { answerKey } from '../../cache/response-cache';
import { answersAhead, callerOf, type Handler, type HandlerDeps, type Request } from './types';

/** `GET /api/changes`: what changed from one release to another, 202 while they are read. */
export const changesHandler = (deps: HandlerDeps): Handler<'changes'> => {
  const { catalog, acrossReleases } = deps;
  const ahead = answersAhead(deps);
  const answer = async (request: Request<'changes'>) => {
    const caller = callerOf(request);
    const to = await catalog.resolve(caller, request.query);
    const outcome = await acrossReleases.changes(caller, to, request.query.from);
    if (outcome.status === 'building') return outcome;
    const key = releaseQuery(to);
    key.set('from', outcome.from.version);
    return {
      cached: await catalog.shared(answerKey('GET', '/api/changes', key), async () =>
        outcome.answer(),
      ),
    };
  };
  return async (request) => {
    const outcome = await answer(request);
    if (!('status' in outcome)) return outcome;
    const { version, system_model, from } = request.query;
    return ahead.reading(request, outcome, {
      key: `changes\n${version}\n${system_model}\n${from ?? ''}`,
      make: () => answer(request),
    });
  };
};
