import { z } from 'zod/mini';
import { MAX_INDICATORS_PER_CALL } from '../../shared/api/routes';
import { ACTIVITY_TYPE_FILTERS } from '../../shared/api/schemas';
import { RELEASE_CHANGES } from '../../shared/matching/verdict';
import { ReleaseSegmentSchema, type ReleaseRef } from '../../shared/versions';
import { columnParam, columnsParam, writeColumns, type CompareColumn } from './compare-link';
import {
  defineSearch,
  enumParam,
  idListParam,
  idParam,
  intParam,
  optionalEnumParam,
  textParam,
  type SearchDefinition,
  type SearchValues,
} from '../lib/search-params';

/**
 * Every route's URL in one place: its path pattern (which the router registers), the schema of
 * its search parameters (which its loader and page read) and its href builder (which every link
 * uses), so a link and the page it opens cannot disagree.
 */

export const ReleaseParamsSchema = z.object({
  version: ReleaseSegmentSchema,
  systemModel: ReleaseSegmentSchema,
}) satisfies z.ZodMiniType<ReleaseRef>;
/** The release of a URL is the one every part names (src/shared/versions.ts). */
export type { ReleaseRef };

/** How many datasets a comparison shows at once. */
export const MAX_COMPARED = 20;
/** How many a comparison link may name; those past MAX_COMPARED are listed, not shown. */
const MAX_COMPARE_LINK = 200;

/** How many Dataset IDs an upgrade-check link may carry: short enough for every browser and chat. */
export const MAX_SHARED_IDS = 200;
/** The longest `pick` an upgrade-check link carries: a choice (`ID:ID`) for each of its IDs. */
const MAX_PICK_TEXT = MAX_SHARED_IDS * 22;

const indicatorSet = () => idListParam(MAX_INDICATORS_PER_CALL);
/** The longest search text a link carries (longer text is read as none). */
export const SEARCH_TEXT_MAX = 200;
/** Another release to compare with (`?from=3.11`), or undefined. */
const releaseParam = () => z.catch(z.optional(ReleaseSegmentSchema), undefined);

export const searches = {
  overview: defineSearch(z.object({ ind: indicatorSet() })),
  indicators: defineSearch(
    z.object({
      q: textParam(),
      ind: indicatorSet(),
      view: enumParam(['tree', 'by-indicator']),
      /** The dataset the set is being chosen for, to go back to it. */
      dataset: idParam(),
      /** Which of that dataset's pages to go back to: itself, or its history across releases. */
      back: enumParam(['dataset', 'history']),
      /** The name of a shared indicator set. */
      set: textParam(80),
    }),
  ),
  datasets: defineSearch(
    z.object({
      q: textParam(SEARCH_TEXT_MAX),
      geography: textParam(),
      type: optionalEnumParam(ACTIVITY_TYPE_FILTERS),
      sector: textParam(),
      isic: textParam(),
      page: intParam(1, 1, 10_000),
      size: z._default(
        z.catch(z.pipe(z.enum(['20', '10', '50', '100']), z.transform(Number)), 20),
        20,
      ),
      ind: indicatorSet(),
    }),
  ),
  dataset: defineSearch(
    z.object({
      ind: indicatorSet(),
      /** The scores as a table or as bar charts. */
      view: enumParam(['table', 'chart']),
    }),
  ),
  compare: defineSearch(
    z.object({
      /** The columns: Dataset IDs of the page's release, or `ID@version/system_model`. */
      ds: columnsParam(MAX_COMPARE_LINK),
      ind: indicatorSet(),
      mode: enumParam(['datasets', 'methods']),
      theme: z._default(
        z.catch(z.string().check(z.trim(), z.maxLength(60)), 'climate change'),
        'climate change',
      ),
      indicator: textParam(),
      view: enumParam(['absolute', 'relative']),
      /** Relative view: the column that is 100 %; none = each row's largest. */
      base: columnParam(),
      /** The indicator the datasets are ranked by, and in which direction. */
      sort: idParam(),
      dir: enumParam(['desc', 'asc']),
    }),
    { ds: writeColumns, base: writeColumns },
  ),
  lookup: defineSearch(z.object({ ind: indicatorSet() })),
  history: defineSearch(z.object({ ind: indicatorSet() })),
  changes: defineSearch(
    z.object({
      /** The older release; none = the listed release before this one. */
      from: releaseParam(),
      change: optionalEnumParam(RELEASE_CHANGES),
      sector: textParam(),
      isic: textParam(),
      /** The activity type's prose name, as the rows carry it ("market activity"). */
      type: textParam(),
      q: textParam(),
      /** The page of the list shown, 100 changes a page. */
      page: intParam(1, 1, 10_000),
      ind: indicatorSet(),
      /** Scores offered for the rows shown (after the bill), with the indicators `ind`. */
      scores: enumParam(['off', 'on']),
    }),
  ),
  upgrade: defineSearch(
    z.object({
      /** The release the list's datasets come from; the path's release is the target. */
      from: releaseParam(),
      /** A shared list of Dataset IDs, which the page opens and checks. */
      ids: idListParam(MAX_SHARED_IDS),
      /** Candidates chosen: `8279:41723,…`, a listed ID and the dataset chosen for it. */
      pick: textParam(MAX_PICK_TEXT),
      ind: indicatorSet(),
      /** The verdicts the table shows, comma-separated (none = all). */
      show: textParam(300),
      /** The page of verdicts shown, 100 a page. */
      page: intParam(1, 1, 10_000),
    }),
  ),
  usage: defineSearch(
    z.object({
      /** `mine`, another user's label (an admin's view), or none for everyone shown. */
      user: textParam(80),
      /** Charges that added this Dataset ID. */
      dataset: idParam(),
      /** Charges for one release, `3.12 cutoff`. */
      release: textParam(80),
    }),
  ),
} as const;

export type SearchOf<K extends keyof typeof searches> =
  (typeof searches)[K] extends SearchDefinition<infer S> ? z.output<S> : never;
/** What a link to a route may set: any of its parameters. */
export type LinkSearch<K extends keyof typeof searches> = SearchValues<SearchOf<K>>;

/** A comparison's link: its columns as IDs of the link's release, or columns naming their own. */
export type CompareLinkSearch = Omit<LinkSearch<'compare'>, 'ds' | 'base'> & {
  ds?: readonly (number | CompareColumn)[];
  base?: number | CompareColumn;
};

const segment = (value: string | number) => encodeURIComponent(String(value));
/** `/3.12/cutoff`, each segment encoded so a strange name cannot change the path. */
export const releasePath = (release: ReleaseRef) =>
  `/${segment(release.version)}/${segment(release.systemModel)}`;

export { patterns } from './route-patterns';

/** The same page in another release: `/3.11/cutoff/x` → `/3.12/apos/x`. */
export function switchRelease(pathname: string, release: ReleaseRef): string {
  const [, , , ...rest] = pathname.split('/');
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  return `${releasePath(release)}${tail}`;
}

/** The release in a route's params, or undefined when they are not one. */
export function parseRelease(params: Record<string, string | undefined>): ReleaseRef | undefined {
  const parsed = ReleaseParamsSchema.safeParse(params);
  return parsed.success ? parsed.data : undefined;
}
