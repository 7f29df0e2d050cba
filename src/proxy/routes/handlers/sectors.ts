import { ProxyError } from '../../errors';
import { toAnswer } from '../../cache/response-cache';
import { callerOf, heldWhileReading, stillReading, type Handler, type HandlerDeps } from './types';

export const sectorsOff = () =>
  new ProxyError(501, 'sector_index_unavailable', {
    detail:
      'Sector and ISIC filters are turned off on this explorer (SECTOR_INDEX=off): the data service cannot filter by them itself.',
  });

/** `GET /api/sectors`: a release's sectors and ISIC sections, 202 while the index is built. */
export const sectorsHandler =
  ({ config, catalog, sectorSearch }: HandlerDeps): Handler<'sectors'> =>
  async (request) => {
    const caller = callerOf(request);
    if (config.sectorIndex === 'off') throw sectorsOff();
    const release = await catalog.resolve(caller, request.query);
    await catalog.assertListed(caller, release);
    const sectors = await heldWhileReading(
      async () => sectorSearch.status(caller, release),
      config.limits.readingHoldMs,
    );
    // Accepted and under way: ask again shortly.
    if (sectors.status === 'building') return stillReading(sectors);
    return { cached: toAnswer(JSON.stringify(sectors)) };
  };
