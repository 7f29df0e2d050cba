import type { FastifyInstance } from 'fastify';
import { compareVersions } from '../../shared/versions';
import type { VersionsResponse } from './wire';
import type { EmulatorState } from '../state';
import { variantVersions, type VariantVersion } from './dialect';

/** `GET {P}/versions`: the version × system-model combinations of the caller's licence. */
export function registerVersions(app: FastifyInstance, state: EmulatorState) {
  app.get('/versions', async (): Promise<VersionsResponse | VariantVersion[]> => {
    const combinations = state.licence
      .combinations()
      .sort((a, b) => compareVersions(b.version, a.version));
    if (state.config.dialect === 'variant') return variantVersions(combinations, state.store);
    return {
      results: combinations.map((entry) => ({
        version: entry.version,
        system_models: entry.systemModels,
        release_date: entry.releaseDate,
      })),
    };
  });
}
