import type { Handler, HandlerDeps } from './types';

/** `GET /api/usage`: this period's charges, as the viewer may see them. */
export const usageHandler =
  ({ usage }: HandlerDeps): Handler<'usage'> =>
  async (request) => ({ value: await usage.answer(request.user) });
