import type { FastifyInstance } from 'fastify';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, type IndicatorsResponse } from './wire';
import type { EmulatorState } from '../state';
import { variantIndicators, type VariantIndicatorsResponse } from './dialect';
import { resolveRelease } from './release';
import { Params } from './validation';

/** The variant pages over methods; the documented list has no pages and ignores both. */
const methodPage = (params: Params) => ({
  from: params.int('from', { default: 0, min: 0 }),
  limit: params.int('limit', { default: DEFAULT_PAGE_LIMIT, min: 1, max: MAX_PAGE_LIMIT }),
});

/** `GET {P}/indicators`: every method × category × indicator of the release, with its ID and unit. */
export function registerIndicators(app: FastifyInstance, state: EmulatorState) {
  app.get(
    '/indicators',
    async (request): Promise<IndicatorsResponse | VariantIndicatorsResponse> => {
      const params = new Params(request.query as Record<string, string>);
      const page = state.config.dialect === 'variant' ? methodPage(params) : undefined;
      params.check();
      const view = resolveRelease(state, params);
      if (page) return variantIndicators(view.indicators, page);
      return {
        total: view.indicators.length,
        results: view.indicators.map((indicator) => ({ ...indicator })),
      };
    },
  );
}
