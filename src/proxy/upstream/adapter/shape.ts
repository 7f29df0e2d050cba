import type { z } from 'zod';
import { ProxyError } from '../../errors';

/** What the adapter read, and which of the shapes it knows the service sent. */
export interface Read<T> {
  value: T;
  variant: string;
}

/**
 * An answer the adapter cannot read: 502 `upstream_shape` naming the route. The JSON paths
 * that failed (never their values) go to the log, for the operator to compare with
 * `npm run check:upstream`.
 */
export class ShapeError extends ProxyError {
  constructor(
    readonly route: string,
    readonly paths: string[],
  ) {
    super(502, 'upstream_shape', {
      detail: `The data service answered ${route} in a shape the explorer cannot read. The proxy’s log names the fields; npm run check:upstream compares every route.`,
      logged: { route, paths },
    });
  }
}

/** `results[3].products[0].name` → `results[].products[].name`: where, never which or what. */
export function pathOf(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += '[]';
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text === '' ? '(the whole answer)' : text;
}

/** Parses `body` with `schema`, or throws a ShapeError listing each failing path once. */
export function readWith<T>(route: string, schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const paths = [
    ...new Set(
      parsed.error.issues.slice(0, 50).map((issue) => `${pathOf(issue.path)}: ${issue.code}`),
    ),
  ].slice(0, 10);
  throw new ShapeError(route, paths);
}
