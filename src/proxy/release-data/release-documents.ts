import type { DatasetDoc } from '../../shared/matching/dataset-doc';
import { ReleaseIndex } from '../../shared/matching/release-index';
import { sectorIndexOf, type SectorIndex } from './sector-index';
import type { ReleaseRef } from '../upstream/adapter';

/**
 * Every dataset document of one release and system model, read once from free calls, and
 * what is derived from them on first use: the sector index, and the index matching uses.
 */
export class ReleaseDocuments {
  private matching: ReleaseIndex | undefined;
  private sectorIndex: SectorIndex | undefined;

  constructor(
    readonly release: ReleaseRef,
    readonly docs: readonly DatasetDoc[],
  ) {}

  get index(): ReleaseIndex {
    return (this.matching ??= new ReleaseIndex(this.docs));
  }

  get sectors(): SectorIndex {
    return (this.sectorIndex ??= sectorIndexOf(this.docs));
  }
}
