import { DEFAULT_PAGE_LIMIT } from '../../../shared/api/routes';
import { releaseQuery } from '../../upstream/adapter';
import { answerKey } from '../../cache/response-cache';
import { chargesOfPage, underReservation } from '../../usage/charges';
import { withEveryScore } from './no-score';
import { callerOf, type Handler, type HandlerDeps } from './types';

/** `POST /api/datasets/batch`: a page of up to 100 of the datasets named, with scores if asked. */
export const batchHandler =
  ({ catalog, limits, ledger, usage, adapter, evidence }: HandlerDeps): Handler<'batch'> =>
  async (request) => {
    const caller = callerOf(request);
    const release = await catalog.resolve(caller, request.query);
    const page = {
      from: request.query.from ?? 0,
      limit: request.query.limit ?? DEFAULT_PAGE_LIMIT,
    };
    // The service answers a list's datasets once each: repeats are dropped before asking, so
    // 10 000 copies of one ID are one ID, in the cache key and in what is sent.
    const ids = [...new Set(request.body.dataset_ids)];
    const indicators = request.body.indicator_ids ?? [];
    const body = { ...request.body, dataset_ids: ids };
    const scored = indicators.length > 0;
    const key = releaseQuery(release);
    key.set('from', String(page.from));
    key.set('limit', String(page.limit));
    const cacheKey = answerKey('POST', '/api/datasets/batch', key, { body });
    // The release's indicators (free, usually cached) before anything is charged: a score the
    // service leaves out is then told from an indicator the release lacks.
    const known = scored ? await catalog.indicatorsById(caller, release) : undefined;
    const call = async () => {
      // A scored page is not sent while its evidence could not be kept (its reservation is let go).
      if (scored) evidence.assertReady();
      const answer = await adapter.batch(caller, release, page, body);
      if (!known) return answer;
      return {
        ...answer,
        datasets: answer.datasets.map((dataset) => withEveryScore(dataset, indicators, known)),
      };
    };
    const produce = () =>
      limits.withSlot(
        caller.userId,
        async () => {
          if (!scored) return call();
          // The page holds at most `limit` of the IDs from `from` on (unknown ones skipped).
          const answer = await underReservation(
            await ledger.reserve({
              user: caller.userId,
              datasets: ids.slice(page.from),
              indicators,
              maxDatasets: page.limit,
              source: usage.source(request.user, release, request.page),
            }),
            call,
            chargesOfPage,
          );
          return {
            ...answer,
            datasets: await evidence.stamp(release, answer.datasets, indicators),
          };
        },
        scored ? 0 : 1,
      );
    // With scores, each user has their own page, because the data service bills per user.
    return {
      cached: scored
        ? await catalog.usersOwn(caller.userId, cacheKey, produce)
        : await catalog.shared(cacheKey, produce),
    };
  };
