import { replayOf } from '../../cache/catalog';
import { callerOf, type Handler, type HandlerDeps } from './types';

/** `GET /api/indicators`: a release's indicators, read once for everyone. */
export const indicatorsHandler =
  ({ catalog }: HandlerDeps): Handler<'indicators'> =>
  async (request) => {
    const caller = callerOf(request);
    const release = await catalog.resolve(caller, request.query);
    return {
      cached: await catalog.indicatorsAnswer(caller, release),
      replay: replayOf(request.query, release),
    };
  };
