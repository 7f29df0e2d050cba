import { z } from 'zod';
import {
  UPSTREAM_FIELDS,
  type Dataset,
  type DatasetPage,
  type SearchHit,
} from '../../../shared/api/schemas';
import { leeway, Notes, noting, record } from './record';
import { readWith, type Read } from './shape';

/**
 * Dataset objects (upstream-api.md §7.1: the batch example is documented, nullability is not),
 * search answers (§6.3, third-party only) and the Spold lookup (§6.6, unknown). Which fields may
 * be null or absent is UPSTREAM_FIELDS (src/shared/api/schemas/upstream-fields.ts); unknown extra fields are
 * ignored unless a field the explorer shows is missing beside them; `activity_type` may come as
 * prose ("market activity") or as the filter's enum (`MARKET_ACTIVITY`).
 */

/**
 * Names a service may give a dataset field, from the vocabulary of ecoinvent's own files and of
 * the tools that read them (Brightway's `location` and `reference product`, ecoSpold's
 * `activityName`): mapped, and reported, never guessed further. Scores have none: a number that
 * ends up in an EPD is never read from a field chosen by guesswork.
 */
const DATASET_ALIASES: Readonly<Record<string, string>> = {
  location: 'geography',
  reference_product: 'product',
  activity_name: 'activity',
};

const D = UPSTREAM_FIELDS.dataset;
const text = (field: keyof typeof D) => leeway(z.string(), D[field].mayBe);

/**
 * A score the service could not compute, as services say it: null (allowed by the field list),
 * NaN or Infinity (read as the strings "NaN" and "Infinity", see errors.ts), or a marker such as
 * "n/a". A number written as text is refused: a number that ends up in an EPD is never guessed.
 */
const Marker = z
  .string()
  .refine(
    (text) => !/^\s*[-+]?(\d[\d,]*\.?\d*|\.\d+)(e[-+]?\d+)?\s*$/i.test(text),
    'a number written as text, which the explorer does not guess at',
  );

const ScoreWire = record('score', {
  id: z.number().int(),
  score: z.union([z.number(), Marker]).nullable(),
  unit: z.string(),
  method: z.string(),
  category: z.string(),
  indicator: z.string(),
});

const datasetShape = (scored: boolean) => ({
  id: z.number().int().positive(),
  activity: text('activity'),
  product: text('product'),
  description: text('description'),
  geography: text('geography'),
  unit: text('unit'),
  time_period: text('time_period'),
  activity_type: text('activity_type'),
  isic_section: text('isic_section'),
  isic_class: text('isic_class'),
  activity_spold_uuid: text('activity_spold_uuid'),
  geography_spold_uuid: text('geography_spold_uuid'),
  product_spold_uuid: text('product_spold_uuid'),
  sectors: leeway(z.array(z.string()), D.sectors.mayBe),
  url: text('url'),
  url_history: text('url_history'),
  // Asked for, the scores are the answer; not asked for, absent or null is as good as [].
  impact_scores: scored ? z.array(ScoreWire) : z.array(ScoreWire).nullish(),
});

/** A dataset read for its documentation (no indicators asked for), or with its scores. */
const DocumentationWire = record('dataset', datasetShape(false), {
  aliases: DATASET_ALIASES,
  unchecked: ['impact_scores'],
});
const ScoredWire = record('dataset', datasetShape(true), { aliases: DATASET_ALIASES });
type DatasetWire = z.infer<typeof DocumentationWire>;

const PROSE: Record<string, string> = {
  MARKET_ACTIVITY: 'market activity',
  MARKET_GROUP: 'market group',
  TRANSFORMING_ACTIVITY: 'ordinary transforming activity',
};
const isEnum = (value: string) => /^[A-Z][A-Z0-9_]*$/.test(value);

/** "MARKET_ACTIVITY" → "market activity"; prose stays as it is. */
function activityTypeProse(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (!isEnum(value)) return value;
  return PROSE[value] ?? value.toLowerCase().replaceAll('_', ' ');
}

/** What one answer's datasets showed of the variants, for the adapter's report. */
class Seen extends Notes {
  enumTypes = false;
  proseTypes = false;
  scores: Set<'absent' | 'null' | 'list'> = new Set();
  /** How scores the service could not compute were said: null, "NaN", a marker. */
  noScore = new Set<string>();

  activityType(value: string | null | undefined) {
    if (typeof value !== 'string') return;
    if (isEnum(value)) this.enumTypes = true;
    else this.proseTypes = true;
  }

  variant(parts: string[] = []): string {
    const out = [...parts];
    if (this.enumTypes || this.proseTypes)
      out.push(`activity_type ${this.enumTypes ? 'as the enum' : 'as prose'}`);
    if (this.scores.size > 0) out.push(`impact_scores ${[...this.scores].sort().join('/')}`);
    if (this.noScore.size > 0)
      out.push(`no score given as ${[...this.noScore].sort().join(', ')}: read as no score`);
    return this.describe(out).join('; ') || 'as documented';
  }
}

function toDataset(wire: DatasetWire, seen: Seen): Dataset {
  seen.activityType(wire.activity_type);
  seen.scores.add(
    wire.impact_scores === undefined ? 'absent' : wire.impact_scores === null ? 'null' : 'list',
  );
  const value = (v: string | null | undefined) => v ?? null;
  return {
    id: wire.id,
    activity: value(wire.activity),
    product: value(wire.product),
    description: value(wire.description),
    geography: value(wire.geography),
    unit: value(wire.unit),
    time_period: value(wire.time_period),
    activity_type: activityTypeProse(wire.activity_type),
    isic_section: value(wire.isic_section),
    isic_class: value(wire.isic_class),
    activity_spold_uuid: value(wire.activity_spold_uuid),
    geography_spold_uuid: value(wire.geography_spold_uuid),
    product_spold_uuid: value(wire.product_spold_uuid),
    sectors: wire.sectors ?? [],
    url: value(wire.url),
    url_history: value(wire.url_history),
    impact_scores: (wire.impact_scores ?? []).map((row) => {
      if (typeof row.score === 'number') return { ...row, score: row.score };
      seen.noScore.add(row.score === null ? 'null' : `“${row.score.slice(0, 20)}”`);
      return { ...row, score: null };
    }),
  };
}

const wireFor = (scored: boolean) => (scored ? ScoredWire : DocumentationWire);

/** One dataset; `scored`: indicators were asked for, so its scores must be there. */
export function readDataset(body: unknown, scored = false): Read<Dataset> {
  const seen = new Seen();
  const wire = noting(seen, () => readWith('GET /datasets/{id}', wireFor(scored), body));
  const value = toDataset(wire, seen);
  return { value, variant: seen.variant() };
}

/** A page of datasets; `total` as the service gave it (a list without one is read to its end). */
export interface WirePage {
  total: number | undefined;
  datasets: Dataset[];
}

const pageOf = (scored: boolean) =>
  z.object({
    total: z.number().int().nonnegative().optional(),
    datasets: z.array(wireFor(scored)),
  });

export function readBatch(body: unknown, scored = false): Read<WirePage> {
  const seen = new Seen();
  const page = noting(seen, () => readWith('POST /datasets/batch', pageOf(scored), body));
  if (page.total === undefined) seen.absent.add('total');
  return {
    value: { total: page.total, datasets: page.datasets.map((d) => toDataset(d, seen)) },
    variant: seen.variant(),
  };
}

/**
 * The Spold lookup, whose real route and answer are unknown: `{total, datasets}` as the
 * emulator has it, `{total?, results}`, or a bare list of datasets.
 */
const SpoldAnswer = z.union([
  pageOf(false),
  z.object({
    total: z.number().int().nonnegative().optional(),
    results: z.array(DocumentationWire),
  }),
  z.array(DocumentationWire),
]);

export function readSpold(route: string, body: unknown): Read<DatasetPage> {
  const seen = new Seen();
  const answer = noting(seen, () => readWith(route, SpoldAnswer, body));
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
    variant: seen.variant([shape]),
  };
}

const S = UPSTREAM_FIELDS;
const SearchAnswer = z.object({
  total: z.number().int().nonnegative().optional(),
  results: z.array(
    record('searchActivity', {
      name: z.string(),
      activity_type: leeway(z.string(), S.searchActivity.activity_type.mayBe),
      products: z.array(
        record('searchProduct', {
          name: z.string(),
          unit: leeway(z.string(), S.searchProduct.unit.mayBe),
          datasets: z.array(
            record('searchDataset', { id: z.number().int().positive(), geography: z.string() }),
          ),
        }),
      ),
    }),
  ),
});

/** A search page; `total` as the service gave it, undefined when it gave none. */
export interface WireSearch {
  total: number | undefined;
  results: SearchHit[];
}

export function readSearch(body: unknown, paging: string): Read<WireSearch> {
  const seen = new Seen();
  const answer = noting(seen, () => readWith('GET /datasets', SearchAnswer, body));
  if (answer.total === undefined) seen.absent.add('total');
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
    variant: seen.variant([`paged by ${paging}`]),
  };
}
