import type { Handler, HandlerDeps } from './types';

/**
 * `POST /api/evidence/check`: a saved export's rows against the evidence this proxy kept (free:
 * the data service is not asked anything).
 */
export const evidenceCheckHandler =
  ({ evidence }: HandlerDeps): Handler<'evidenceCheck'> =>
  async (request) => ({ value: await evidence.check(request.body.rows) });
