import type { FastifyInstance } from 'fastify';
import type { IndicatorsResponse } from '../../shared/upstream';
import type { EmulatorState } from '../state';
import { resolveRelease } from './release';
import { Params } from './validation';

/** `GET {P}/indicators`: every method × category × indicator of the release, with its ID and unit. */
export function registerIndicators(app: FastifyInstance, state: EmulatorState) {
  app.get('/indicators', async (request): Promise<IndicatorsResponse> => {
    const params = new Params(request.query as Record<string, string>);
    params.check();
    const view = resolveRelease(state, params);
    return {
      total: view.indicators.length,
      results: view.indicators.map((indicator) => ({ ...indicator })),
    };
  });
}
