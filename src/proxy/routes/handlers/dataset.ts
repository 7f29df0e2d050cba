import { releaseQuery } from '../../upstream/adapter';
import { answerKey } from '../../cache/response-cache';
import { replayOf } from '../../cache/catalog';
import { chargesOfDataset, underReservation } from '../../usage/charges';
import { withEveryScore } from './no-score';
import { callerOf, type Handler, type HandlerDeps } from './types';

/** `GET /api/datasets/{id}`: one dataset's documentation (free), with scores when asked (charged). */
export const datasetHandler =
  ({ catalog, limits, ledger, usage, adapter, evidence }: HandlerDeps): Handler<'dataset'> =>
  async (request) => {
    const caller = callerOf(request);
    const release = await catalog.resolve(caller, request.query);
    const id = request.params.id;
    const indicators = request.query.indicator_ids ?? [];
    // Answers without scores are the same for everyone; with scores, each user has their own,
    // because the data service bills per user.
    if (indicators.length === 0)
      return {
        cached: await catalog.documentation(caller, release, id),
        replay: replayOf(request.query, release),
      };
    // Known not to be in the release: nothing to reserve, nothing to ask.
    const absent = catalog.knownAbsent(release, id);
    if (absent) throw absent;
    // The release's indicators (free, usually cached) before anything is charged: a score the
    // service leaves out is then told from an indicator the release lacks.
    const known = await catalog.indicatorsById(caller, release);
    const key = releaseQuery(release);
    key.set('indicator_ids', indicators.join(','));
    const call = async () => {
      // Nothing is sent while its evidence could not be kept (its reservation is let go).
      evidence.assertReady();
      return withEveryScore(
        await adapter.dataset(caller, release, id, indicators),
        indicators,
        known,
      );
    };
    return {
      cached: await catalog.usersOwn(
        caller.userId,
        answerKey('GET', `/api/datasets/${id}`, key),
        () =>
          limits.withSlot(
            caller.userId,
            async () => {
              // Held before it is sent, so no number of calls at once can charge past the budget.
              const dataset = await underReservation(
                await ledger.reserve({
                  user: caller.userId,
                  datasets: [id],
                  indicators,
                  maxDatasets: 1,
                  source: usage.source(request.user, release, request.page),
                }),
                call,
                chargesOfDataset,
              );
              const [stamped] = await evidence.stamp(release, [dataset], indicators);
              return stamped;
            },
            // Paid for: the score budget bounds it, not the user's free calls.
            0,
          ),
      ),
    };
  };
