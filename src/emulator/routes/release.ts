import { LATEST } from '../../shared/versions';
import type { ReleaseView } from '../data/store';
import type { EmulatorState } from '../state';
import { DetailError, type Params } from './validation';

/**
 * `version` (default `latest`: the newest release of the licence) and `system_model` (default
 * `cutoff`): an unknown release is 404, one outside the licence 403.
 */
export function resolveRelease(state: EmulatorState, params: Params): ReleaseView {
  const requested = params.string('version', LATEST);
  const systemModel = params.string('system_model', 'cutoff');
  const version = requested === LATEST ? (state.licence.latest() ?? '') : requested;
  if (!state.store.hasVersion(version))
    throw new DetailError(404, `Version '${requested}' not found`);
  const view = state.store.view(version, systemModel);
  if (!view)
    throw new DetailError(404, `System model '${systemModel}' not found for version '${version}'`);
  if (!state.licence.allows(version, systemModel)) {
    throw new DetailError(
      403,
      `Your license does not include version '${version}' with system model '${systemModel}'`,
    );
  }
  return view;
}
