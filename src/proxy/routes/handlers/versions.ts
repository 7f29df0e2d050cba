import { callerOf, type Handler, type HandlerDeps } from './types';

/** `GET /api/versions`: the licensed releases, cached a few minutes for everyone. */
export const versionsHandler =
  ({ catalog }: HandlerDeps): Handler<'versions'> =>
  async (request) => ({ cached: await catalog.versionsAnswer(callerOf(request)) });
