import type { Changes } from '../../../shared/api/schemas';
import { changeFacets, changesPage, type ChangeFacets } from '../../../shared/changes-list';
import { releaseQuery } from '../../upstream/adapter';
import { answerKey, type CachedAnswer } from '../../cache/response-cache';
import { answersAhead, callerOf, type Handler, type HandlerDeps, type Request } from './types';

type Ready = Extract<Changes, { status: 'ready' }>;

/** Pairs of releases whose list is kept read for paging: the latest asked for. */
const READ_LISTS = 2;

/**
 * `GET /api/changes`: what changed from one release to another, 202 while they are read; and
 * `GET /api/changes/page`: a page of it as filters narrow it, paged from the same answer.
 */
export const changesHandlers = (
  deps: HandlerDeps,
): { changes: Handler<'changes'>; changesPage: Handler<'changesPage'> } => {
  const { catalog, acrossReleases } = deps;
  const ahead = answersAhead(deps, deps.config.limits.readingHoldMs);

  /** The whole answer, made once for everyone and kept; or the progress of the reading. */
  const answer = async (request: Request<'changes'> | Request<'changesPage'>) => {
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

  const reading = async (request: Request<'changes'> | Request<'changesPage'>) => {
    const outcome = await answer(request);
    if (!('status' in outcome)) return outcome;
    const { version, system_model, from } = request.query;
    return ahead.reading(request, outcome, {
      key: `changes\n${version}\n${system_model}\n${from ?? ''}`,
      make: () => answer(request),
    });
  };

  // The list read back from the kept answer (the same bytes for everyone, here or from another
  // instance), by its ETag: a few pairs at a time, so paging costs no parse per page.
  const read = new Map<string, { changes: Ready; facets: ChangeFacets }>();
  const readList = (cached: CachedAnswer) => {
    let list = read.get(cached.etag);
    if (list) {
      read.delete(cached.etag);
    } else {
      const changes = JSON.parse(cached.body) as Ready;
      list = { changes, facets: changeFacets(changes.rows) };
    }
    read.set(cached.etag, list);
    if (read.size > READ_LISTS) read.delete(read.keys().next().value ?? '');
    return list;
  };

  return {
    changes: reading,
    changesPage: async (request) => {
      const outcome = await reading(request);
      if (!('cached' in outcome)) return outcome;
      const { changes, facets } = readList(outcome.cached);
      const { change, sector, isic_section, activity_type, q, page = 1 } = request.query;
      const filter = { change, sector, isicSection: isic_section, activityType: activity_type, q };
      return { value: changesPage(changes, filter, page, facets) };
    },
  };
};
