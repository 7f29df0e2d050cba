import { replayOf } from '../../cache/catalog';
import { callerOf, type Handler, type HandlerDeps } from './types';

/** `GET /api/datasets/spold`: datasets by their Spold UUIDs, at the service's lookup route. */
export const spoldHandler =
  ({ catalog }: HandlerDeps): Handler<'spold'> =>
  async (request) => {
    const caller = callerOf(request);
    const { query } = request;
    const release = await catalog.resolve(caller, query);
    const uuids = {
      ...(query.activity_spold_uuid ? { activity: query.activity_spold_uuid } : {}),
      ...(query.product_spold_uuid ? { product: query.product_spold_uuid } : {}),
      ...(query.geography_spold_uuid ? { geography: query.geography_spold_uuid } : {}),
    };
    return {
      cached: await catalog.spoldPage(caller, release, uuids),
      replay: replayOf(query, release),
    };
  };
