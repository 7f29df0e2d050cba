import type { DatasetDoc } from './dataset-doc';
import { geographyAliases, geographyCode, normaliseName } from './names';

/** A dataset's names as compared: activity, product and geography, normalised. */
export interface NameKey {
  activity: string;
  product: string;
  geography: string;
}

function push<K>(map: Map<K, DatasetDoc[]>, key: K, doc: DatasetDoc) {
  const list = map.get(key);
  if (list) list.push(doc);
  else map.set(key, [doc]);
}

/**
 * One release's documents, indexed for matching: by ID, by Spold UUID, by activity and by
 * product name. Names are normalised once per distinct name, not once per dataset.
 */
export class ReleaseIndex {
  readonly byId = new Map<number, DatasetDoc>();
  private readonly byActivityUuid = new Map<string, DatasetDoc[]>();
  private readonly byProductUuid = new Map<string, DatasetDoc[]>();
  private readonly byActivityName = new Map<string, DatasetDoc[]>();
  private readonly byProductName = new Map<string, DatasetDoc[]>();
  /** Every way a geography is written → its normalised display name. */
  private readonly geographies = new Map<string, string>();
  private readonly normalised = new Map<string, string>();
  private byNamesIn: Map<string, DatasetDoc[]> | undefined;

  constructor(readonly docs: readonly DatasetDoc[]) {
    for (const doc of docs) {
      this.byId.set(doc.id, doc);
      if (doc.activity_spold_uuid) push(this.byActivityUuid, doc.activity_spold_uuid, doc);
      if (doc.product_spold_uuid) push(this.byProductUuid, doc.product_spold_uuid, doc);
      const names = this.names(doc);
      push(this.byActivityName, names.activity, doc);
      push(this.byProductName, names.product, doc);
      if (doc.geography !== null && !this.geographies.has(names.geography))
        for (const alias of geographyAliases(doc.geography))
          if (!this.geographies.has(alias)) this.geographies.set(alias, names.geography);
    }
  }

  /** A name as compared: normalised, once per distinct name; '' for none. */
  nameOf(text: string | null): string {
    return this.norm(text);
  }

  private norm(text: string | null): string {
    if (text === null) return '';
    let found = this.normalised.get(text);
    if (found === undefined) {
      found = normaliseName(text);
      this.normalised.set(text, found);
    }
    return found;
  }

  /** The names a document is compared by. */
  names(doc: DatasetDoc): NameKey {
    return {
      activity: this.norm(doc.activity),
      product: this.norm(doc.product),
      geography: this.norm(doc.geography),
    };
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  withActivityUuid(uuid: string): readonly DatasetDoc[] {
    return this.byActivityUuid.get(uuid.toLowerCase()) ?? [];
  }

  withProductUuid(uuid: string): readonly DatasetDoc[] {
    return this.byProductUuid.get(uuid.toLowerCase()) ?? [];
  }

  /** Datasets whose activity has this (normalised) name, in every product and geography. */
  withActivity(activity: string): readonly DatasetDoc[] {
    return this.byActivityName.get(activity) ?? [];
  }

  /** Datasets whose product has this (normalised) name, of every activity and geography. */
  withProduct(product: string): readonly DatasetDoc[] {
    return this.byProductName.get(product) ?? [];
  }

  /**
   * The normalised display name of a geography written as its display name, name or code
   * ("Mexico (MX)", "mexico", "MX"); the text itself, normalised, when the release lacks it.
   */
  geography(written: string): string {
    const text = normaliseName(written);
    return this.geographies.get(text) ?? text;
  }

  /** Datasets with these names, as a person may write them (see `geography`). */
  withNames(activity: string, product: string, geography: string): DatasetDoc[] {
    const key = {
      activity: normaliseName(activity),
      product: normaliseName(product),
      geography: this.geography(geography),
    };
    return this.withActivity(key.activity).filter((doc) => {
      const names = this.names(doc);
      return names.product === key.product && names.geography === key.geography;
    });
  }

  /**
   * Datasets with this (normalised) activity and product in the geography of this code (`RoW`,
   * `CH`), found by one look-up: deciding a release asks it for every new dataset.
   */
  withNamesIn(activity: string, product: string, code: string): readonly DatasetDoc[] {
    if (!this.byNamesIn) {
      this.byNamesIn = new Map();
      for (const doc of this.docs) {
        const names = this.names(doc);
        push(
          this.byNamesIn,
          `${names.activity}\n${names.product}\n${geographyCode(doc.geography ?? '')}`,
          doc,
        );
      }
    }
    return this.byNamesIn.get(`${activity}\n${product}\n${code}`) ?? [];
  }

  /**
   * Datasets a change report's entry names: activity, location (a geography's code, name or
   * display name), reference product and unit.
   */
  withKey(key: { name: string; location: string; product: string; unit: string }): DatasetDoc[] {
    const unit = normaliseName(key.unit);
    return this.withNames(key.name, key.product, key.location).filter(
      (doc) => this.norm(doc.unit) === unit,
    );
  }
}
