import type { z } from 'zod';
import { ProxyError } from '../../errors';
import type { FieldIssueParams } from './record';

/** What the adapter read, and which of the shapes it knows the service sent. */
export interface Read<T> {
  value: T;
  variant: string;
}

/** The file a shape of this route is read in, named by errors and the contract check. */
const ADAPTER_FILES: Record<string, string> = {
  'GET /versions': 'src/proxy/upstream/adapter/versions.ts',
  'GET /indicators': 'src/proxy/upstream/adapter/indicators.ts',
};
export const adapterFileOf = (route: string) =>
  ADAPTER_FILES[route] ?? 'src/proxy/upstream/adapter/datasets.ts';

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
      logged: { route, paths, fix: adapterFileOf(route) },
    });
  }
}

/** `results[3].products[0].name` → `results[].products[].name`: where, never which or what. */
function pathOf(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += '[]';
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text === '' ? '(the whole answer)' : text;
}

type Issue = z.core.$ZodIssue;

/** Whether an issue is about a field that is not there at all (rather than its value). */
const isAbsence = (issue: Issue) =>
  (issue.code === 'custom' && issue.message === 'absent') ||
  (issue.code === 'invalid_type' && /received undefined/.test(issue.message));

/** How close an alternative of a union came to fit: deeper first, then fewer absent fields. */
function closeness(alternative: readonly Issue[]): [number, number, number] {
  const depth = Math.max(0, ...alternative.map((i) => i.path.length));
  const distinct = (issues: readonly Issue[]) => new Set(issues.map((i) => pathOf(i.path))).size;
  return [-depth, distinct(alternative.filter(isAbsence)), distinct(alternative)];
}

/**
 * The issues to report, with paths from the answer's root. A union that fits no alternative is
 * reported by its closest one: the alternative that got deepest into the answer, then the one
 * that missed the fewest fields (an answer is more likely a list of flat indicators with a null
 * unit than of methods all missing their categories). "(the whole answer): invalid_union" told
 * an operator nothing.
 */
function leaves(
  issues: readonly Issue[],
  prefix: readonly PropertyKey[],
): { path: PropertyKey[]; issue: Issue }[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const ranked = [...issue.errors].sort((a, b) => {
        const [x, y] = [closeness(a), closeness(b)];
        return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
      });
      const closest = ranked[0];
      if (closest && closest.length > 0) return leaves(closest, path);
    }
    return [{ path, issue }];
  });
}

/** One failing field in words, naming paths and kinds, never the answer's values. */
function describe(path: PropertyKey[], issue: Issue): string {
  const where = pathOf(path);
  if (issue.code === 'custom') {
    const instead = (issue.params as FieldIssueParams | undefined)?.instead ?? [];
    if (instead.length === 0) return `${where}: ${issue.message}`;
    const parent = path.slice(0, -1);
    const others = instead.slice(0, 5).map((key) => pathOf([...parent, key]));
    return `${where}: absent, while ${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} there, which the adapter does not know (renamed?)`;
  }
  if (issue.code === 'invalid_type') {
    // zod names the kind it received (never the value): "…, received null".
    const received = /received (\w+)/.exec(issue.message)?.[1];
    const got =
      received === 'undefined'
        ? 'absent'
        : received === 'null'
          ? 'null'
          : `got ${received ?? 'another type'}`;
    return `${where}: expected ${issue.expected}, ${got}`;
  }
  return `${where}: ${issue.code}`;
}

/** The failing fields of a parse, each once, at most ten. */
function shapeFailures(error: z.ZodError): string[] {
  return [
    ...new Set(
      leaves(error.issues.slice(0, 50), []).map(({ path, issue }) => describe(path, issue)),
    ),
  ].slice(0, 10);
}

/** Parses `body` with `schema`, or throws a ShapeError listing each failing path once. */
export function readWith<T>(route: string, schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new ShapeError(route, shapeFailures(parsed.error));
}
