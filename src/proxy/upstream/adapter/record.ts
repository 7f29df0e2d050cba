import { z } from 'zod';
import { UPSTREAM_FIELDS, type Leeway, type UpstreamObject } from '../../../shared/api/schemas';

/**
 * One object of the data service's answer read against the field list in
 * src/shared/api/schemas/upstream-fields.ts (UPSTREAM_FIELDS): a field present, null, or absent are three
 * different answers. Null is taken only where the list allows it; absent only where it says
 * "null or absent"; and a field the explorer shows that is absent while the object has a field
 * nobody knows is a rename until shown otherwise, refused naming both paths. A rename the
 * adapter knows (an alias) is mapped and reported instead.
 */

/** What the objects of one answer showed, for the adapter's report of the variant it saw. */
export class Notes {
  readonly aliases = new Set<string>();
  readonly nulls = new Set<string>();
  readonly absent = new Set<string>();

  describe(parts: readonly string[]): string[] {
    const out = [...parts];
    if (this.aliases.size > 0) out.push(`renamed fields mapped: ${[...this.aliases].join(', ')}`);
    if (this.nulls.size > 0) out.push(`null: ${[...this.nulls].sort().join(', ')}`);
    if (this.absent.size > 0) out.push(`absent: ${[...this.absent].sort().join(', ')}`);
    return out;
  }
}

// Parsing is synchronous, so the answer being read is the one the notes belong to.
let current: Notes | undefined;

/** Runs `read` (a synchronous parse) with its objects' notes going to `notes`. */
export function noting<T>(notes: Notes, read: () => T): T {
  const before = current;
  current = notes;
  try {
    return read();
  } finally {
    current = before;
  }
}

/** Why a field was refused, as the shape error names it (see shape.ts). */
export interface FieldIssueParams {
  /** Keys of the same object that nothing knows: where the absent field may have gone. */
  instead?: string[];
}

export interface RecordOptions {
  /** Known field names the service may use instead (`location` for `geography`). */
  aliases?: Readonly<Record<string, string>>;
  /** Fields of the list not checked in this answer (scores when none were asked for). */
  unchecked?: readonly string[];
  /** More names the object may carry, known but not in the list (structure, not values). */
  known?: readonly string[];
}

/** The zod type of a field for its leeway: a value, or null where the list allows it. */
export function leeway<T extends z.ZodType>(type: T, mayBe: Leeway) {
  return mayBe === 'never' ? type : type.nullish();
}

/**
 * `shape` read after the field list's checks: aliases mapped, nulls and absences allowed only
 * as UPSTREAM_FIELDS[object] says.
 */
export function record<S extends z.ZodRawShape>(
  object: UpstreamObject,
  shape: S,
  options: RecordOptions = {},
) {
  const rules: Readonly<Record<string, { mayBe: Leeway }>> = UPSTREAM_FIELDS[object];
  const aliases = options.aliases ?? {};
  const aliasKeys = Object.keys(aliases);
  const unchecked = new Set(options.unchecked ?? []);
  const checked = Object.entries(rules).filter(([field]) => !unchecked.has(field));
  const known = new Set([...Object.keys(rules), ...(options.known ?? [])]);
  return z
    .unknown()
    .transform((value, ctx) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        ctx.addIssue({ code: 'custom', message: 'not an object' });
        return z.NEVER;
      }
      const given = value as Record<string, unknown>;
      // A known other name is read as the field, unless the field itself is there too. Most
      // answers have none, and are read as they are, without a copy.
      const renamed = aliasKeys.some((key) => key in given);
      const fields = !renamed
        ? given
        : Object.fromEntries(
            Object.entries(given).map(([key, child]) => {
              const field = aliases[key];
              if (field === undefined || field in given) return [key, child];
              current?.aliases.add(`${key} → ${field}`);
              return [field, child];
            }),
          );
      let strangers: string[] | undefined;
      const strangersOf = () =>
        (strangers ??= Object.keys(fields).filter((key) => !known.has(key)));
      for (const [field, rule] of checked) {
        if (!(field in fields)) {
          if (rule.mayBe === 'null or absent' && strangersOf().length === 0) {
            current?.absent.add(field);
            continue;
          }
          const instead = strangersOf();
          const params: FieldIssueParams = instead.length > 0 ? { instead } : {};
          ctx.addIssue({ code: 'custom', path: [field], message: 'absent', params });
        } else if (fields[field] === null) {
          if (rule.mayBe === 'never') {
            ctx.addIssue({
              code: 'custom',
              path: [field],
              message: 'null, which the explorer cannot do without',
            });
          } else current?.nulls.add(field);
        }
      }
      return fields;
    })
    .pipe(z.object(shape));
}
