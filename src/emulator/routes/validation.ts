import type { ValidationItem } from './wire';

/**
 * Request parsing with FastAPI's (pydantic v2) error shapes: every problem with a parameter is
 * collected and answered as 422 `{"detail": [{type, loc, msg, input, ctx}]}`.
 */
export class ValidationFailure extends Error {
  constructor(readonly items: ValidationItem[]) {
    super('validation failed');
  }
}

/** An error the data service answers with `{"detail": "…"}`. */
export class DetailError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** "No such dataset in this release", which the `absent_as` fault may say another way. */
    readonly absence = false,
  ) {
    super(detail);
  }
}

type Loc = 'query' | 'path' | 'body';
type Raw = string | string[] | undefined;

const first = (value: Raw) => (Array.isArray(value) ? value.at(-1) : value);

export class Params {
  readonly errors: ValidationItem[] = [];

  constructor(private readonly source: Record<string, Raw>) {}

  private parseInt(loc: Loc, name: string, raw: string): number | undefined {
    if (!/^[+-]?\d+$/.test(raw.trim())) {
      this.errors.push({
        type: 'int_parsing',
        loc: [loc, name],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        input: raw,
      });
      return undefined;
    }
    return Number(raw);
  }

  private bounds(loc: Loc, name: string, value: number, raw: unknown, min?: number, max?: number) {
    if (min !== undefined && value < min) {
      this.errors.push({
        type: 'greater_than_equal',
        loc: [loc, name],
        msg: `Input should be greater than or equal to ${min}`,
        input: raw,
        ctx: { ge: min },
      });
    } else if (max !== undefined && value > max) {
      this.errors.push({
        type: 'less_than_equal',
        loc: [loc, name],
        msg: `Input should be less than or equal to ${max}`,
        input: raw,
        ctx: { le: max },
      });
    }
  }

  int(name: string, options: { default: number; min?: number; max?: number; loc?: Loc }): number {
    const raw = first(this.source[name]);
    if (raw === undefined) return options.default;
    const value = this.parseInt(options.loc ?? 'query', name, raw);
    if (value === undefined) return options.default;
    this.bounds(options.loc ?? 'query', name, value, raw, options.min, options.max);
    return value;
  }

  string(name: string, fallback: string): string {
    return first(this.source[name]) ?? fallback;
  }

  optionalString(name: string): string | undefined {
    return first(this.source[name]);
  }

  /** A repeated integer parameter (`?indicator_ids=1&indicator_ids=2`); commas are not integers. */
  intList(name: string, options: { max: number }): number[] {
    const raw = this.source[name];
    const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const parsed: number[] = [];
    values.forEach((value, index) => {
      if (!/^[+-]?\d+$/.test(value.trim())) {
        this.errors.push({
          type: 'int_parsing',
          loc: ['query', name, index],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          input: value,
        });
      } else {
        parsed.push(Number(value));
      }
    });
    if (values.length > options.max)
      this.errors.push(tooLong(['query', name], values.length, options.max, values));
    return parsed;
  }

  enumValue<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const raw = first(this.source[name]);
    if (raw === undefined) return undefined;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    const expected = allowed
      .map((value) => `'${value}'`)
      .join(', ')
      .replace(/, ([^,]*)$/, ' or $1');
    this.errors.push({
      type: 'enum',
      loc: ['query', name],
      msg: `Input should be ${expected}`,
      input: raw,
      ctx: { expected },
    });
    return undefined;
  }

  uuid(name: string): string | undefined {
    const raw = first(this.source[name]);
    if (raw === undefined) return undefined;
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)) {
      this.errors.push({
        type: 'uuid_parsing',
        loc: ['query', name],
        msg: 'Input should be a valid UUID, invalid character: expected an optional prefix of `urn:uuid:` followed by [0-9a-fA-F-]',
        input: raw,
      });
      return undefined;
    }
    return raw.toLowerCase();
  }

  /** Throws the collected errors, if any, as one 422. */
  check(): void {
    if (this.errors.length > 0) throw new ValidationFailure(this.errors);
  }
}

function tooLong(
  loc: (string | number)[],
  actual: number,
  max: number,
  input: unknown,
): ValidationItem {
  return {
    type: 'too_long',
    loc,
    msg: `List should have at most ${max} items after validation, not ${actual}`,
    input,
    ctx: { field_type: 'List', max_length: max, actual_length: actual },
  };
}

function tooShort(
  loc: (string | number)[],
  actual: number,
  min: number,
  input: unknown,
): ValidationItem {
  return {
    type: 'too_short',
    loc,
    msg: `List should have at least ${min} item after validation, not ${actual}`,
    input,
    ctx: { field_type: 'List', min_length: min, actual_length: actual },
  };
}

/** The batch body, parsed as pydantic would: dataset_ids 1–10 000 integers, indicator_ids ≤ 100. */
export function parseBatchBody(text: string): { datasetIds: number[]; indicatorIds: number[] } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ValidationFailure([
      {
        type: 'json_invalid',
        loc: ['body', 0],
        msg: 'JSON decode error',
        input: {},
        ctx: { error: (error as Error).message.split('\n')[0] ?? 'Expecting value' },
      },
    ]);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationFailure([
      {
        type: 'model_attributes_type',
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        input: body,
      },
    ]);
  }
  const record = body as Record<string, unknown>;
  const errors: ValidationItem[] = [];
  const list = (field: string, min: number, max: number, required: boolean): number[] => {
    const value = record[field];
    if (value === undefined) {
      if (required)
        errors.push({ type: 'missing', loc: ['body', field], msg: 'Field required', input: body });
      return [];
    }
    if (!Array.isArray(value)) {
      errors.push({
        type: 'list_type',
        loc: ['body', field],
        msg: 'Input should be a valid list',
        input: value,
      });
      return [];
    }
    const numbers: number[] = [];
    value.forEach((item: unknown, index) => {
      if (typeof item === 'number' && Number.isInteger(item)) numbers.push(item);
      else if (typeof item === 'string' && /^[+-]?\d+$/.test(item)) numbers.push(Number(item));
      else {
        errors.push({
          type: 'int_parsing',
          loc: ['body', field, index],
          msg: 'Input should be a valid integer, unable to parse string as an integer',
          input: item,
        });
      }
    });
    if (value.length > max) errors.push(tooLong(['body', field], value.length, max, value));
    if (value.length < min) errors.push(tooShort(['body', field], value.length, min, value));
    return numbers;
  };
  const datasetIds = list('dataset_ids', 1, 10_000, true);
  const indicatorIds = list('indicator_ids', 0, 100, false);
  if (errors.length > 0) throw new ValidationFailure(errors);
  return { datasetIds, indicatorIds };
}
