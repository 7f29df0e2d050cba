import { z } from 'zod';
import type { Dataset, DatasetPage, SearchHit, SearchResults } from '../../../shared/api/schemas';
import { readWith, type Read } from './shape';

/**
 * Dataset objects (upstream-api.md §7.1: the batch example is documented, nullability is not),
 * search answers (§6.3, third-party only) and the Spold lookup (§6.6, unknown). Accepted: any
 * text field null or missing, `impact_scores` missing or null when no indicator was asked for,
 * unknown extra fields, and `activity_type` as prose ("market activity") or as the filter's
 * enum (`MARKET_ACTIVITY`).
 */
const text = z.string().nullish();
const ScoreWire = z.object({
  id: z.number().int(),
  score: z.number(),
  unit: z.string(),
  method: z.string(),
  category: z.string(),
  indicator: z.string(),
});
const DatasetWire = z.object({
  id: z.number().int().positive(),
  activity: text,
  product: text,
  description: text,
  geography: text,
  unit: text,
  time_period: text,
  activity_type: text,
  isic_section: text,
  isic_class: text,
  activity_spold_uuid: text,
  geography_spold_uuid: text,
  product_spold_uuid: text,
  sectors: z.array(z.string()).nullish(),
  url: text,
  url_history: text,
  impact_scores: z.array(ScoreWire).nullish(),
});
type DatasetWire = z.infer<typeof DatasetWire>;

const PROSE: Record<string, string> = {
  MARKET_ACTIVITY: 'market activity',
  MARKET_GROUP: 'market group',
  TRANSFORMING_ACTIVITY: 'ordinary transforming activity',
};
const isEnum = (value: string) => /^[A-Z][A-Z0-9_]*$/.test(value);

/** "MARKET_ACTIVITY" → "market activity"; prose stays as it is. */
export function activityTypeProse(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (!isEnum(value)) return value;
  return PROSE[value] ?? value.toLowerCase().replaceAll('_', ' ');
}

/** What one answer's datasets showed of the variants, for the adapter's report. */
class Seen {
  enumTypes = false;
  proseTypes = false;
  scores: Set<'absent' | 'null' | 'list'> = new Set();
  nulls = new Set<string>();

  activityType(value: string | null | undefined) {
    if (typeof value !== 'string') return;
    if (isEnum(value)) this.enumTypes = true;
    else this.proseTypes = true;
  }

  describe(parts: string[] = []): string {
    const out = [...parts];
    if (this.enumTypes || this.proseTypes)
      out.push(`activity_type ${this.enumTypes ? 'as the enum' : 'as prose'}`);
    if (this.scores.size > 0) out.push(`impact_scores ${[...this.scores].sort().join('/')}`);
    if (this.nulls.size > 0) out.push(`null or missing: ${[...this.nulls].sort().join(', ')}`);
    return out.join('; ') || 'as documented';
  }
}

type TextField = Exclude<keyof DatasetWire, 'id' | 'sectors' | 'impact_scores'>;

function toDataset(wire: DatasetWire, seen: Seen): Dataset {
  seen.activityType(wire.activity_type);
  seen.scores.add(
    wire.impact_scores === undefined ? 'absent' : wire.impact_scores === null ? 'null' : 'list',
  );
  const value = (field: TextField) => {
    const v = wire[field];
    if (v === null || v === undefined) {
      seen.nulls.add(field);
      return null;
    }
    return v;
  };
  if (wire.sectors === null || wire.sectors === undefined) seen.nulls.add('sectors');
  return {
    id: wire.id,
    activity: value('activity'),
    product: value('product'),
    description: value('description'),
    geography: value('geography'),
    unit: value('unit'),
    time_period: value('time_period'),
    activity_type: activityTypeProse(value('activity_type')),
    isic_section: value('isic_section'),
    isic_class: value('isic_class'),
    activity_spold_uuid: value('activity_spold_uuid'),
    geography_spold_uuid: value('geography_spold_uuid'),
    product_spold_uuid: value('product_spold_uuid'),
    sectors: wire.sectors ?? [],
    url: value('url'),
    url_history: value('url_history'),
    impact_scores: wire.impact_scores ?? [],
  };
}

export function readDataset(body: unknown): Read<Dataset> {
  const seen = new Seen();
  const value = toDataset(readWith('GET /datasets/{id}', DatasetWire, body), seen);
  return { value, variant: seen.describe() };
}

const Page = z.object({ total: z.number().int().nonnegative(), datasets: z.array(DatasetWire) });

export function readBatch(body: unknown): Read<DatasetPage> {
  const seen = new Seen();
  const page = readWith('POST /datasets/batch', Page, body);
  return {
    value: { total: page.total, datasets: page.datasets.map((d) => toDataset(d, seen)) },
    variant: seen.describe(),
  };
}

/**
 * The Spold lookup, whose real route and answer are unknown: `{total, datasets}` as the
 * emulator has it, `{total?, results}`, or a bare list of datasets.
 */
const SpoldAnswer = z.union([
  Page,
  z.object({ total: z.number().int().nonnegative().optional(), results: z.array(DatasetWire) }),
  z.array(DatasetWire),
]);

export function readSpold(route: string, body: unknown): Read<DatasetPage> {
  const seen = new Seen();
  const answer = readWith(route, SpoldAnswer, body);
  const datasets = Array.isArray(answer)
    ? answer
    : 'datasets' in answer
      ? answer.datasets
      : answer.results;
  const total = Array.isArray(answer) ? datasets.length : (answer.total ?? datasets.length);
  const shape = Array.isArray(answer)
    ? 'a bare list'
    : 'datasets' in answer
      ? '{total, datasets}'
      : '{results}';
  return {
    value: { total, datasets: datasets.map((d) => toDataset(d, seen)) },
    variant: seen.describe([shape]),
  };
}

const SearchAnswer = z.object({
  total: z.number().int().nonnegative(),
  results: z.array(
    z.object({
      name: z.string(),
      activity_type: text,
      products: z.array(
        z.object({
          name: z.string(),
          unit: text,
          datasets: z.array(z.object({ id: z.number().int().positive(), geography: z.string() })),
        }),
      ),
    }),
  ),
});

export function readSearch(body: unknown, paging: 'from' | 'offset'): Read<SearchResults> {
  const seen = new Seen();
  const answer = readWith('GET /datasets', SearchAnswer, body);
  const results: SearchHit[] = answer.results.map((activity) => {
    seen.activityType(activity.activity_type);
    return {
      name: activity.name,
      activity_type: activityTypeProse(activity.activity_type),
      products: activity.products.map((product) => ({
        name: product.name,
        unit: product.unit ?? null,
        datasets: product.datasets.map(({ id, geography }) => ({ id, geography })),
      })),
    };
  });
  return {
    value: { total: answer.total, results },
    variant: seen.describe([`paged by ${paging}`]),
  };
}
