import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../../../shared/api/routes';
import { replayOf, searchKey } from '../../cache/catalog';
import { answerKey } from '../../cache/response-cache';
import { spelledSearch } from '../../search/spelled-search';
import type { SearchInput } from '../../upstream/adapter';
import { sectorsOff } from './sectors';
import { callerOf, type Handler, type HandlerDeps } from './types';

/**
 * `GET /api/datasets`: the service's search; words ranked and spelled either way (search/);
 * sector and ISIC filters answered by the proxy's sector index (sectors/).
 */
export const searchHandler =
  ({ config, catalog, sectorSearch }: HandlerDeps): Handler<'search'> =>
  async (request) => {
    const caller = callerOf(request);
    const { query } = request;
    const release = await catalog.resolve(caller, query);
    // The service's pages, the same for everyone who asks the same target (and it refuses a
    // release the licence does not list).
    const replay = replayOf(query, release);
    const input: SearchInput = {
      query: query.query,
      geography: query.geography,
      activity_type: query.activity_type,
      from: query.from ?? 0,
      limit: query.limit ?? DEFAULT_PAGE_LIMIT,
    };
    if (query.sector === undefined && query.isic_section === undefined) {
      if (!input.query?.trim())
        return {
          cached: await catalog.searchPage(caller, release, input, { userSlot: true }),
          replay,
        };
      // Words: ranked and spelled either way (search/), from the service's own pages, which
      // stay cached as they are for the readers of whole releases.
      const key = searchKey(release, input);
      key.set('ranked', 'names');
      return {
        cached: await catalog.shared(answerKey('GET', '/api/datasets', key), () =>
          spelledSearch(
            input,
            (part) => catalog.searchResults(caller, release, part, { userSlot: true }),
            MAX_PAGE_LIMIT,
          ),
        ),
        replay,
      };
    }
    // The data service cannot filter by sector: the proxy's sector index does (sectors/).
    if (config.sectorIndex === 'off') throw sectorsOff();
    await catalog.assertListed(caller, release);
    const key = searchKey(release, {
      ...input,
      sector: query.sector,
      isic_section: query.isic_section,
    });
    return {
      cached: await catalog.shared(answerKey('GET', '/api/datasets', key), () =>
        sectorSearch.search(caller, release, {
          ...input,
          sector: query.sector,
          isicSection: query.isic_section,
        }),
      ),
      // Not replayed: each request checks that the licence still lists the release, which the
      // service does not do for the proxy's own index.
    };
  };
