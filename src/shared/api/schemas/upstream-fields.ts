/**
 * What the data service may send in place of a field's value: nothing (`never`: a null or a
 * missing field is an answer the explorer refuses, 502 `upstream_shape`), `null`, or `null or
 * absent`. Absent is not null: a field the list expects that is missing from an answer is
 * refused, unless the list says it may be absent.
 */
export type Leeway = 'never' | 'null' | 'null or absent';
export interface FieldRule {
  mayBe: Leeway;
  /** What upstream-api.md knows of the field, and why the explorer allows what it allows. */
  known: string;
}

const IDENTIFIES =
  'the explorer names, finds and compares datasets by it, so a dataset without it would be shown wrong';
const DESCRIBES =
  'nullability NOT FOUND; the explorer can show the rest of the dataset and says “not given by the data service”';

/**
 * The one list of which fields of the data service's answers may be null or absent, field by
 * field, from the evidence in upstream-api.md (§6, §7, §12.10): nullability is documented for
 * none of them. The proxy's adapter enforces exactly this (src/proxy/upstream/adapter/), and the
 * explorer shows each allowed null as “not given by the data service”, never as a blank.
 */
export const UPSTREAM_FIELDS = {
  /** A dataset object (§7.1; the documented batch example has a value in every field). */
  dataset: {
    id: { mayBe: 'never', known: `documented example; ${IDENTIFIES}` },
    activity: { mayBe: 'never', known: `documented example, read live (EVA-CMD); ${IDENTIFIES}` },
    product: { mayBe: 'never', known: `documented example; ${IDENTIFIES}` },
    geography: { mayBe: 'never', known: `documented example, seen live (EVA-PINS); ${IDENTIFIES}` },
    unit: {
      mayBe: 'never',
      known:
        'documented example, read live (EVA-CMD); scores are per unit of it, so a score without it would be a number without meaning',
    },
    description: { mayBe: 'null', known: `documented example; named in §12.10; ${DESCRIBES}` },
    time_period: { mayBe: 'null', known: `documented example; ${DESCRIBES}` },
    activity_type: {
      mayBe: 'null',
      known: `documented example, its format unclear (§6.3); ${DESCRIBES}`,
    },
    isic_section: { mayBe: 'null', known: `documented example; ${DESCRIBES}` },
    isic_class: { mayBe: 'null', known: `documented example; named in §12.10; ${DESCRIBES}` },
    activity_spold_uuid: {
      mayBe: 'null',
      known: `documented example; ${DESCRIBES}; matching across releases then uses names`,
    },
    geography_spold_uuid: { mayBe: 'null', known: `documented example; ${DESCRIBES}` },
    product_spold_uuid: { mayBe: 'null', known: `documented example; ${DESCRIBES}` },
    sectors: { mayBe: 'null', known: `documented example; named in §12.10; ${DESCRIBES}` },
    url: { mayBe: 'null', known: `documented example; ${DESCRIBES} (no ecoQuery link)` },
    url_history: { mayBe: 'null', known: `documented example; ${DESCRIBES} (no ecoQuery link)` },
    impact_scores: {
      mayBe: 'never',
      known:
        'documented example; when no indicator is asked for, absent or null is allowed (§7.1: NOT FOUND which); when indicators are asked for, the scores are the answer',
    },
  },
  /** An item of `impact_scores` (§7.2, documented and seen live). */
  score: {
    id: { mayBe: 'never', known: 'documented; the indicator the score is of' },
    score: {
      mayBe: 'null',
      known:
        'documented as a number; a score the service cannot compute may come null, as NaN (Python writes it bare), as a marker such as "n/a", or with its row left out: each read as no score, shown as such (never 0), the other indicators unaffected; a number written as text is refused, never guessed at',
    },
    unit: { mayBe: 'never', known: 'documented; a score without its unit has no meaning' },
    method: { mayBe: 'never', known: 'documented' },
    category: { mayBe: 'never', known: 'documented' },
    indicator: { mayBe: 'never', known: 'documented' },
  },
  /** A search result's activity (§6.3, third-party only). */
  searchActivity: {
    name: { mayBe: 'never', known: `read by two third-party clients; ${IDENTIFIES}` },
    activity_type: { mayBe: 'null', known: `third-party; ${DESCRIBES}` },
    products: { mayBe: 'never', known: 'read by a third-party client (EVA-MATCH)' },
  },
  searchProduct: {
    name: { mayBe: 'never', known: `read by a third-party client; ${IDENTIFIES}` },
    unit: {
      mayBe: 'null',
      known: `seen live (EVA-PINS); ${DESCRIBES}; the dataset's own unit is required`,
    },
    datasets: { mayBe: 'never', known: 'read by a third-party client (EVA-MATCH)' },
  },
  searchDataset: {
    id: { mayBe: 'never', known: `seen live (EVA-PINS); ${IDENTIFIES}` },
    geography: { mayBe: 'never', known: `seen live (EVA-PINS); ${IDENTIFIES}` },
  },
  /** An indicator of `/indicators` (§6.2: shape NOT FOUND; the score items carry these five). */
  indicator: {
    id: { mayBe: 'never', known: 'as in score items; scores are asked for by it' },
    method: { mayBe: 'never', known: 'as in score items; the catalogue is ordered by it' },
    category: { mayBe: 'never', known: 'as in score items' },
    indicator: { mayBe: 'never', known: 'as in score items' },
    unit: { mayBe: 'never', known: 'as in score items; a score without its unit has no meaning' },
  },
  /** An entry of `/versions` (§6.1: shape NOT FOUND, `results` read by one client). */
  release: {
    version: { mayBe: 'never', known: 'read by a third-party client; every request names it' },
    release_date: {
      mayBe: 'null or absent',
      known: 'one third-party mention (EVA-FIND); the explorer shows “not given” without it',
    },
  },
} as const satisfies Record<string, Record<string, FieldRule>>;
export type UpstreamObject = keyof typeof UPSTREAM_FIELDS;
