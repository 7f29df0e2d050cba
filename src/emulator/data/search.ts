import type { ActivityType } from './facts/activities';
import type { DatasetRecord } from './catalogue';

export interface SearchParams {
  query: string;
  geography?: string | undefined;
  activityType?: ActivityType | undefined;
  activityUuid?: string | undefined;
  productUuid?: string | undefined;
  geographyUuid?: string | undefined;
  from: number;
  limit: number;
}

export interface SearchResult {
  total: number;
  results: {
    name: string;
    activity_type: ActivityType;
    products: { name: string; unit: string; datasets: { id: number; geography: string }[] }[];
  }[];
}

export interface Doc {
  record: DatasetRecord;
  activity: readonly string[];
  product: readonly string[];
  geoCode: string;
  geoName: readonly string[];
  activityText: string;
}

const DOCS = new WeakMap<DatasetRecord, Doc>();

/** A dataset's words, computed once and shared by every view that lists it. */
function docOf(record: DatasetRecord): Doc {
  let doc = DOCS.get(record);
  if (!doc) {
    doc = {
      record,
      activity: tokenize(record.activity),
      product: tokenize(record.product),
      geoCode: record.geography.code.toLowerCase(),
      geoName: tokenize(record.geography.name),
      activityText: record.activity.toLowerCase(),
    };
    DOCS.set(record, doc);
  }
  return doc;
}

function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9.+/-]+/)
    .map((token) => token.replace(/^[.,/-]+|[.,/-]+$/g, ''))
    .filter(Boolean);
}

/**
 * Full-text search over one release × system model: every query word must match the start of a
 * word of the activity, product or geography; hits are ranked so that the obvious dataset comes
 * first ("electricity high voltage DE" → the German high-voltage market).
 */
export class SearchIndex {
  private readonly docs: Doc[];
  private readonly postings = new Map<string, number[]>();
  private readonly dictionary: string[];

  private readonly expansions = new Map<string, string[]>();
  private readonly geoCodes: Set<string>;

  constructor(datasets: readonly DatasetRecord[]) {
    this.docs = datasets.map(docOf);
    this.geoCodes = new Set(this.docs.map((doc) => doc.geoCode));
    this.docs.forEach((doc, index) => {
      for (const token of new Set([
        ...doc.activity,
        ...doc.product,
        ...doc.geoName,
        ...tokenize(doc.geoCode),
      ])) {
        const list = this.postings.get(token);
        if (list) list.push(index);
        else this.postings.set(token, [index]);
      }
    });
    this.dictionary = [...this.postings.keys()];
  }

  /** The dictionary words a query word stands for (itself, or words it begins), memoised. */
  private expand(token: string): string[] {
    let words = this.expansions.get(token);
    if (!words) {
      words = this.dictionary.filter(
        (word) => word === token || (token.length >= 2 && word.startsWith(token)),
      );
      if (this.expansions.size > 5000) this.expansions.clear();
      this.expansions.set(token, words);
    }
    return words;
  }

  private score(doc: Doc, tokens: readonly string[], phrase: string, wantsMarket: boolean): number {
    let score = 0;
    for (const token of tokens) {
      if (token === doc.geoCode) score += 6;
      else if (doc.activity.includes(token)) score += 3;
      else if (doc.product.includes(token)) score += 2.5;
      else if (doc.activity.some((w) => w.startsWith(token))) score += 2;
      else if (doc.product.some((w) => w.startsWith(token))) score += 1.5;
      else score += 1;
    }
    if (phrase && doc.activityText.includes(phrase)) {
      score += 3;
      // "market for cement" means the cement itself, not cement mortar.
      const after = doc.activityText.charAt(doc.activityText.indexOf(phrase) + phrase.length);
      if (after === '' || after === ',') score += 1.5;
    }
    if (wantsMarket && doc.activityText.startsWith('market for')) score += 2;
    if (!tokens.includes('group') && doc.activityText.startsWith('market group')) score -= 1.5;
    if (!wantsMarket && doc.record.type === 'market activity') score += 0.5;
    if (doc.record.geography.code === 'GLO' || doc.record.geography.code === 'RoW') score += 0.2;
    return score - doc.activityText.length * 0.01;
  }

  search(params: SearchParams): SearchResult {
    const tokens = tokenize(params.query);
    const filtered = (doc: Doc) =>
      (params.geography === undefined || doc.record.geography.display === params.geography) &&
      (params.activityType === undefined || doc.record.type === params.activityType) &&
      (params.activityUuid === undefined || doc.record.activityUuid === params.activityUuid) &&
      (params.productUuid === undefined || doc.record.productUuid === params.productUuid) &&
      (params.geographyUuid === undefined || doc.record.geography.uuid === params.geographyUuid);

    const scored: { doc: Doc; score: number }[] = [];
    if (tokens.length === 0) {
      for (const doc of this.docs) if (filtered(doc)) scored.push({ doc, score: 0 });
    } else {
      // Counts, per document, how many query words it matches (each word once).
      const counts = new Uint8Array(this.docs.length);
      const stamp = new Int32Array(this.docs.length).fill(-1);
      tokens.forEach((token, t) => {
        for (const word of this.expand(token)) {
          for (const index of this.postings.get(word) ?? []) {
            if (stamp[index] !== t) {
              stamp[index] = t;
              counts[index] = (counts[index] ?? 0) + 1;
            }
          }
        }
      });
      let needed = tokens.length;
      const hits = () => {
        const found: number[] = [];
        counts.forEach((count, index) => {
          if (count >= needed) found.push(index);
        });
        return found;
      };
      let indices = hits();
      // A word that matches nothing (a typo) should not empty the page: allow one miss.
      if (indices.length === 0 && tokens.length >= 3) {
        needed--;
        indices = hits();
      }
      const phrase = tokens
        .filter((token) => !this.geoCodes.has(token) || token.length > 3)
        .join(' ');
      const wantsMarket = tokens.includes('market');
      for (const index of indices) {
        const doc = this.docs[index];
        if (doc && filtered(doc))
          scored.push({ doc, score: this.score(doc, tokens, phrase, wantsMarket) });
      }
    }

    const activities = new Map<string, { best: number; hits: { doc: Doc; score: number }[] }>();
    for (const hit of scored) {
      const key = hit.doc.record.activity;
      const entry = activities.get(key);
      if (entry) {
        entry.hits.push(hit);
        entry.best = Math.max(entry.best, hit.score);
      } else {
        activities.set(key, { best: hit.score, hits: [hit] });
      }
    }
    const ordered = [...activities].sort(
      ([nameA, a], [nameB, b]) => b.best - a.best || nameA.localeCompare(nameB),
    );
    const page = ordered.slice(params.from, params.from + params.limit).map(([name, entry]) => {
      const products = new Map<
        string,
        { unit: string; best: number; hits: { doc: Doc; score: number }[] }
      >();
      for (const hit of entry.hits) {
        const product = products.get(hit.doc.record.product);
        if (product) {
          product.hits.push(hit);
          product.best = Math.max(product.best, hit.score);
        } else {
          products.set(hit.doc.record.product, {
            unit: hit.doc.record.unit,
            best: hit.score,
            hits: [hit],
          });
        }
      }
      return {
        name,
        activity_type: entry.hits[0]?.doc.record.type ?? 'ordinary transforming activity',
        products: [...products]
          .sort(([, a], [, b]) => b.best - a.best)
          .map(([productName, product]) => ({
            name: productName,
            unit: product.unit,
            datasets: product.hits
              .sort(
                (a, b) =>
                  b.score - a.score ||
                  a.doc.record.geography.display.localeCompare(b.doc.record.geography.display),
              )
              .map((hit) => ({
                id: hit.doc.record.id,
                geography: hit.doc.record.geography.display,
              })),
          })),
      };
    });
    return { total: ordered.length, results: page };
  }
}
