import type { VersionEntry } from '../../../shared/api/schemas';
import type { ReleaseRef } from '../../config/routes';

/** A release the page cannot show, and why. */
export class ReleaseProblem extends Error {
  constructor(
    readonly kind: 'no-release' | 'no-system-model' | 'not-licensed',
    readonly release: ReleaseRef,
    readonly licensed: readonly VersionEntry[],
  ) {
    super(`${kind}: ${release.version}/${release.systemModel}`);
    this.name = 'ReleaseProblem';
  }
}
