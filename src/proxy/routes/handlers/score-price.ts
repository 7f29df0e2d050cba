import { priceScores, requestsOfBody } from '../../../shared/scores/price';
import { releaseKey } from '../../../shared/versions';
import { callerOf, type Handler, type HandlerDeps } from './types';

/**
 * `POST /api/scores/price`: what loading some scores would add to this period's bill for the
 * caller, from the usage ledger and the same bill the explorer's pages state. It asks the data
 * service for nothing but the licence's list of releases (cached), and charges nothing.
 */
export const scorePriceHandler =
  ({ catalog, usage }: HandlerDeps): Handler<'scorePrice'> =>
  async (request) => {
    const caller = callerOf(request);
    const requests = requestsOfBody(request.body);
    // A release the licence does not list would be priced for nothing: its scores cannot load.
    const releases = new Map(requests.map((asked) => [releaseKey(asked), asked]));
    for (const release of releases.values()) await catalog.assertListed(caller, release);
    return { value: priceScores(requests, await usage.answer(request.user)) };
  };
