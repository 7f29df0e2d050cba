import { releaseQuery } from '../../upstream/adapter';
import { answerKey } from '../../cache/response-cache';
import { callerOf, type Handler, type HandlerDeps } from './types';

/** `GET /api/datasets/spold`: datasets by their Spold UUIDs, at the service's lookup route. */
export const spoldHandler =
  ({ catalog, limits, adapter }: HandlerDeps): Handler<'spold'> =>
  async (request) => {
    const caller = callerOf(request);
    const { query } = request;
    const release = await catalog.resolve(caller, query);
    const uuids = {
      ...(query.activity_spold_uuid ? { activity: query.activity_spold_uuid } : {}),
      ...(query.product_spold_uuid ? { product: query.product_spold_uuid } : {}),
      ...(query.geography_spold_uuid ? { geography: query.geography_spold_uuid } : {}),
    };
    const key = releaseQuery(release);
    for (const [name, value] of Object.entries(uuids)) key.set(name, value);
    return {
      cached: await catalog.shared(answerKey('GET', '/api/datasets/spold', key), () =>
        limits.withSlot(caller.userId, () => adapter.spold(caller, release, uuids)),
      ),
    };
  };
