import type { DatasetRecord, GeneratedRelease } from './catalogue';
import { buildCatalogue, inConsequential, VERSIONS } from './catalogue';
import { modelOf, type IndicatorModel } from './indicator-model';
import { indicatorsOf, type IndicatorRecord } from './indicators';
import { SearchIndex } from './search';

export const SYSTEM_MODELS = ['cutoff', 'apos', 'consequential', 'EN15804'] as const;

export interface IndicatorEntry {
  record: IndicatorRecord;
  model: IndicatorModel;
}

/** One release in one system model: what every data route reads. */
export class ReleaseView {
  readonly byId: Map<number, DatasetRecord>;
  private searchIndex: SearchIndex | undefined;
  private spoldIndex: Map<string, DatasetRecord[]> | undefined;

  constructor(
    readonly version: string,
    readonly systemModel: string,
    readonly datasets: readonly DatasetRecord[],
    readonly indicators: readonly IndicatorRecord[],
    readonly indicatorById: ReadonlyMap<number, IndicatorEntry>,
    readonly release: GeneratedRelease,
    /** A view listing exactly the same datasets, whose search index this one can share. */
    private readonly twin?: ReleaseView,
  ) {
    this.byId = twin ? twin.byId : new Map(datasets.map((record) => [record.id, record]));
  }

  /** Builds the search index now rather than on the first query. */
  prepareSearch(): void {
    this.searchIndex ??= this.twin ? this.twin.search : new SearchIndex(this.datasets);
  }

  get search(): SearchIndex {
    return (this.searchIndex ??= this.twin ? this.twin.search : new SearchIndex(this.datasets));
  }

  /** Datasets by any of their three Spold UUIDs. */
  bySpold(uuid: string): readonly DatasetRecord[] {
    if (!this.spoldIndex) {
      const index = new Map<string, DatasetRecord[]>();
      const add = (key: string, record: DatasetRecord) => {
        const list = index.get(key);
        if (list) list.push(record);
        else index.set(key, [record]);
      };
      for (const record of this.datasets) {
        add(`a|${record.activityUuid}`, record);
        add(`p|${record.productUuid}`, record);
        add(`g|${record.geography.uuid}`, record);
      }
      this.spoldIndex = index;
    }
    return this.spoldIndex.get(uuid) ?? [];
  }
}

const BY_SCALE = new Map<number, DataStore>();

/** All generated data: the catalogue of every release and its system-model views. */
export class DataStore {
  private readonly views = new Map<string, ReleaseView>();

  /** The data of one scale, generated once per process: it never changes after that. */
  static forScale(scale: number): DataStore {
    let store = BY_SCALE.get(scale);
    if (!store) {
      store = new DataStore(scale);
      BY_SCALE.set(scale, store);
    }
    return store;
  }

  constructor(scale: number) {
    const catalogue = buildCatalogue(scale);
    for (const version of VERSIONS) {
      const release = catalogue.releases.get(version);
      if (!release) continue;
      const indicators = indicatorsOf(version);
      const indicatorById = new Map(
        indicators.map((record) => [record.id, { record, model: modelOf(record) }]),
      );
      const extras = catalogue.aposExtras.get(version) ?? [];
      const lists: Record<(typeof SYSTEM_MODELS)[number], readonly DatasetRecord[]> = {
        cutoff: release.datasets,
        EN15804: release.datasets,
        apos: [...release.datasets, ...extras],
        consequential: release.datasets.filter(inConsequential),
      };
      for (const model of SYSTEM_MODELS) {
        const twin = model === 'EN15804' ? this.views.get(`${version}/cutoff`) : undefined;
        this.views.set(
          `${version}/${model}`,
          new ReleaseView(version, model, lists[model], indicators, indicatorById, release, twin),
        );
      }
    }
  }

  view(version: string, systemModel: string): ReleaseView | undefined {
    return this.views.get(`${version}/${systemModel}`);
  }

  hasVersion(version: string): boolean {
    return VERSIONS.some((v) => v === version);
  }

  /** Builds every search index ahead of the first query, a view at a time. */
  async warm(): Promise<void> {
    for (const view of this.views.values()) {
      view.prepareSearch();
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
