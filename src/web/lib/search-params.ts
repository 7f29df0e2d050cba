import { z } from 'zod/mini';
import { idText } from '../../shared/api/inputs';

/**
 * Search parameters as zod schemas: each route declares one object of these fields, which both
 * reads its URL (junk becomes the default, never an error page) and writes it (defaults left out).
 */

/** Text, trimmed; '' when absent or too long to be a real filter. */
export const textParam = (max = 200) =>
  z._default(z.catch(z.string().check(z.trim(), z.maxLength(max)), ''), '');

/** A positive whole number, or undefined. */
export const idParam = () => z.catch(z.optional(idText), undefined);

/**
 * A comma-separated list of IDs (`882,990`): junk and repeats dropped, in the order given, at most
 * `max` (what a longer list loses is the caller's to say, see `countIds`).
 */
export const idListParam = (max: number) =>
  z.pipe(
    z._default(z.catch(z.string(), ''), ''),
    z.transform((text) => parseIdList(text).slice(0, max)),
  );

export function parseIdList(text: string): number[] {
  const ids = text
    .split(/[\s,;]+/)
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id > 0 && id < 2 ** 31);
  return [...new Set(ids)];
}

/** A whole number within bounds; out-of-range values are brought within them. */
export const intParam = (fallback: number, min: number, max: number) =>
  z._default(
    z.catch(
      z.pipe(
        z.string().check(z.regex(/^\d{1,7}$/)),
        z.transform((text) => Math.min(max, Math.max(min, Number(text)))),
      ),
      fallback,
    ),
    fallback,
  );

/** One of `values`, or the first of them. */
export const enumParam = <const T extends readonly [string, ...string[]]>(values: T) =>
  z._default(z.catch(z.enum(values), values[0]), values[0]);

/** One of `values`, or undefined. */
export const optionalEnumParam = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.catch(z.optional(z.enum(values)), undefined);

type Value = string | number | readonly number[] | undefined;

/** Values to write into a URL: any of a route's parameters, lists possibly read-only. */
export type SearchValues<T> = {
  [K in keyof T]?: T[K] extends readonly (infer U)[] ? readonly U[] : T[K];
};

/** A route's search parameters: read from a URL, written back with defaults left out. */
export interface SearchDefinition<S extends z.ZodMiniObject> {
  schema: S;
  parse: (search: string | URLSearchParams) => z.output<S>;
  format: (values: SearchValues<z.output<S>>) => string;
}

const text = (value: Value) => (Array.isArray(value) ? value.join(',') : String(value ?? ''));

/** How a parameter whose value is not a number, text or list of numbers is written back. */
type Writers = Readonly<Record<string, (value: unknown) => string>>;

export function defineSearch<S extends z.ZodMiniObject>(
  schema: S,
  writers: Writers = {},
): SearchDefinition<S> {
  const defaults = schema.parse({}) as Record<string, Value>;
  const parse = (search: string | URLSearchParams) => {
    const params = typeof search === 'string' ? new URLSearchParams(search) : search;
    const raw: Record<string, string> = {};
    for (const key of Object.keys(schema.shape)) {
      const value = params.get(key);
      if (value !== null) raw[key] = value;
    }
    return schema.parse(raw);
  };
  const format = (values: SearchValues<z.output<S>>) => {
    const params = new URLSearchParams();
    for (const key of Object.keys(schema.shape)) {
      const value = (values as Record<string, Value>)[key];
      if (value === undefined) continue;
      const write = writers[key];
      const written = write ? write(value) : text(value);
      if (written === '' || written === text(defaults[key])) continue;
      params.set(key, written);
    }
    // Commas and colons (both allowed in a query) stay readable in shared links: ?ind=882,990,
    // ?pick=8279:41723; and in a value a writer made, at signs and slashes: ?ds=534@3.10/cutoff
    // (free text keeps them escaped, as it always was).
    const query = params
      .toString()
      .split('&')
      .map((pair) => {
        const readable = pair.replace(/%2C/gi, ',').replace(/%3A/gi, ':');
        const key = pair.slice(0, pair.indexOf('='));
        return writers[key] ? readable.replace(/%40/gi, '@').replace(/%2F/gi, '/') : readable;
      })
      .join('&');
    return query ? `?${query}` : '';
  };
  return { schema, parse, format };
}
