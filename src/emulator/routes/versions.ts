import type { FastifyInstance } from 'fastify';
import { compareVersions } from '../../shared/versions';
import type { VersionsResponse } from './wire';
import type { EmulatorState } from '../state';
import { variantVersions, type VariantVersion } from './dialect';

/**
 * The system models under the long names ecoinvent's other services give them (upstream-api.md
 * §4, from ecoinvent_interface), which the `versions_vocabulary: names` fault lists instead of
 * the codes the data routes take.
 */
const LONG_NAMES: Readonly<Record<string, string>> = {
  cutoff: 'Allocation, cut-off by classification',
  consequential: 'Substitution, consequential, long-term',
  apos: 'Allocation at the Point of Substitution',
  EN15804: 'Allocation, cut-off, EN15804',
};

/** The system models under names nobody's vocabulary has (`versions_vocabulary: other`). */
const OTHER_NAMES: Readonly<Record<string, string>> = {
  cutoff: 'Cut-off (by classification)',
  consequential: 'Consequential (long-term)',
  apos: 'APOS',
  EN15804: 'Cut-off (EN 15804)',
};

/** `GET {P}/versions`: the version × system-model combinations of the caller's licence. */
export function registerVersions(app: FastifyInstance, state: EmulatorState) {
  app.get('/versions', async (): Promise<VersionsResponse | VariantVersion[]> => {
    const vocabulary = state.faults.versions_vocabulary;
    const names = vocabulary === 'names' ? LONG_NAMES : vocabulary === 'other' ? OTHER_NAMES : {};
    const listed = (model: string) => names[model] ?? model;
    const combinations = state.licence
      .combinations()
      .sort((a, b) => compareVersions(b.version, a.version));
    if (state.config.dialect === 'variant')
      return variantVersions(combinations, state.store).map((entry) => ({
        ...entry,
        system_model: listed(entry.system_model),
      }));
    return {
      results: combinations.map((entry) => ({
        version: entry.version,
        system_models: entry.systemModels.map(listed),
        release_date: entry.releaseDate,
      })),
    };
  });
}
