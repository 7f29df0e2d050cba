import type { IndicatorCounterparts } from '../../../shared/api/schemas';
import { followIndicators } from '../../../shared/matching/indicators';
import { answerKey } from '../../cache/response-cache';
import { releaseQuery } from '../../upstream/adapter';
import { callerOf, type Handler, type HandlerDeps } from './types';

/**
 * `GET /api/indicators/counterparts`: each indicator of a release in another, from the two
 * catalogues (free, read once for everyone), worked out once per pair and kept.
 */
export const indicatorCounterpartsHandler =
  ({ catalog }: HandlerDeps): Handler<'indicatorCounterparts'> =>
  async (request) => {
    const caller = callerOf(request);
    const release = await catalog.resolve(caller, request.query);
    const other = { version: request.query.to, systemModel: release.systemModel };
    // Only releases the licence lists: anything else would cost a call for nothing.
    await catalog.assertListed(caller, release);
    await catalog.assertListed(caller, other);
    const key = releaseQuery(release);
    key.set('to', other.version);
    return {
      cached: await catalog.shared(
        answerKey('GET', '/api/indicators/counterparts', key),
        async (): Promise<IndicatorCounterparts> => {
          const [from, to] = await Promise.all([
            catalog.indicatorsAnswer(caller, release),
            catalog.indicatorsAnswer(caller, other),
          ]);
          const fates = followIndicators(from.value.indicators, to.value.indicators);
          return {
            version: release.version,
            to: other.version,
            system_model: release.systemModel,
            indicators: from.value.indicators.map((indicator) => {
              const fate = fates.get(indicator.id);
              return {
                id: indicator.id,
                counterpart: fate?.counterpart ?? null,
                candidates: fate?.candidates ?? [],
              };
            }),
          };
        },
      ),
    };
  };
