import { z } from 'zod/mini';
import { idText } from '../../shared/api/inputs';
import { releaseKey, ReleaseSegmentSchema, type ReleaseRef } from '../../shared/versions';

/**
 * How a comparison's link names its columns (`?ds=`): a Dataset ID alone is the dataset in the
 * release the page shows (`/3.12/cutoff/compare?ds=8279,2989`, every link made before columns
 * could name a release), and `ID@version/system_model` the dataset in that release
 * (`ds=8279,8279@3.12/apos,534@3.10/cutoff`). A release segment has no `@`, `/` or `,`, so a
 * column reads one way only; a column that names the page's own release is written bare.
 */

/** A column of a comparison: a dataset, in the page's release unless it names its own. */
export interface CompareColumn {
  id: number;
  release?: ReleaseRef | undefined;
}

/** One column as the link writes it. */
export const ColumnTokenSchema = z.pipe(
  z.string(),
  z.transform((token, context): CompareColumn => {
    const [id = '', release, ...more] = token.split('@');
    const [version = '', systemModel = '', ...deeper] = release?.split('/') ?? [];
    const parsedId = idText.safeParse(id);
    const parsedRelease =
      release === undefined
        ? undefined
        : z.object({ version: ReleaseSegmentSchema, systemModel: ReleaseSegmentSchema }).safeParse({
            version,
            systemModel,
          });
    if (
      !parsedId.success ||
      more.length > 0 ||
      deeper.length > 0 ||
      parsedRelease?.success === false
    ) {
      context.issues.push({
        code: 'custom',
        message: `“${token}” is not a Dataset ID, nor ID@version/system_model`,
        input: token,
      });
      return z.NEVER;
    }
    return parsedRelease
      ? { id: parsedId.data, release: parsedRelease.data }
      : { id: parsedId.data };
  }),
);

/** A column's text in a link; `8279` and `{ id: 8279 }` alike are the page's release. */
export function columnToken(column: number | CompareColumn): string {
  if (typeof column === 'number') return String(column);
  const { id, release } = column;
  return release ? `${id}@${releaseKey(release)}` : String(id);
}

/**
 * The columns a link's `ds` names, in its order, each once, and the parts it could not read
 * (said on the page, never dropped unsaid).
 */
export function readColumns(text: string): { columns: CompareColumn[]; unreadable: string[] } {
  const columns: CompareColumn[] = [];
  const unreadable: string[] = [];
  const seen = new Set<string>();
  for (const token of text.split(/[\s,;]+/).filter(Boolean)) {
    const parsed = ColumnTokenSchema.safeParse(token);
    if (!parsed.success) {
      unreadable.push(token);
      continue;
    }
    const key = columnToken(parsed.data);
    if (seen.has(key)) continue;
    seen.add(key);
    columns.push(parsed.data);
  }
  return { columns, unreadable };
}

/** `ds`: the columns, at most `max`; what cannot be read is left to `readColumns` to say. */
export const columnsParam = (max: number) =>
  z.pipe(
    z._default(z.catch(z.string(), ''), ''),
    z.transform((text) => readColumns(text).columns.slice(0, max)),
  );

/** One column (`base`: the one that is 100 %), or undefined. */
export const columnParam = () => z.catch(z.optional(ColumnTokenSchema), undefined);

/** The columns as a link writes them: comma-separated, IDs of the page's release bare. */
export const writeColumns = (columns: unknown): string =>
  Array.isArray(columns)
    ? (columns as (number | CompareColumn)[]).map(columnToken).join(',')
    : columnToken(columns as number | CompareColumn);
