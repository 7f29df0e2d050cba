import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, type IndicatorsResponse } from './wire';
import type { EmulatorState } from '../state';
import { variantIndicators, type VariantIndicatorsResponse } from './dialect';
import { listPage } from './paging';
import { resolveRelease } from './release';
import { Params } from './validation';

/**
 * `GET {P}/indicators`: every method × category × indicator of the release, with its ID and unit.
 * The documented list is whole (paging parameters ignored) unless the `indicator_paging` fault
 * pages it, 100 a page by default; the variant pages its methods, 10 a page by default. Both
 * page by the search's paging parameter (paging.ts).
 */
export function registerIndicators(app: FastifyInstance, state: EmulatorState) {
  app.get(
    '/indicators',
    async (request): Promise<IndicatorsResponse | VariantIndicatorsResponse> => {
      const params = new Params(request.query as Record<string, string>);
      const variant = state.config.dialect === 'variant';
      const page =
        variant || state.faults.indicator_paging
          ? listPage(params, state, {
              limit: variant ? DEFAULT_PAGE_LIMIT : MAX_PAGE_LIMIT,
              max: MAX_PAGE_LIMIT,
            })
          : undefined;
      params.check();
      const view = resolveRelease(state, params);
      if (variant && page) return variantIndicators(view.indicators, page);
      const all = page ? view.indicators.slice(page.from, page.from + page.limit) : view.indicators;
      return {
        total: view.indicators.length,
        results: all.map((indicator) => ({ ...indicator })),
      };
    },
  );
}
