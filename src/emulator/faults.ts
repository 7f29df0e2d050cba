import { z } from 'zod';

/**
 * Misbehaviour on purpose, so the proxy's resilience can be tested: set from the environment at
 * start and changed at run time through `POST /_emulator/faults`.
 */
export const FaultsSchema = z
  .object({
    /** Added before every API answer, in milliseconds. */
    latency_ms: z.number().int().min(0).max(120_000),
    /** Share of API requests answered 500. */
    error_rate: z.number().min(0).max(1),
    /** Share of API requests answered 429 with Retry-After. */
    rate_limit_rate: z.number().min(0).max(1),
    retry_after_seconds: z.number().int().min(0).max(3600),
    /** Lifetime of newly issued service tokens, in seconds. */
    token_ttl_seconds: z.number().int().min(1).max(86_400),
    /**
     * The next API request with the newest token is refused as an invalid token (401; 403 in the
     * variant dialect), once.
     */
    reject_current_token_once: z.boolean(),
    /** The token endpoint answers invalid_client whatever the credentials. */
    invalid_client: z.boolean(),
    /** API answers trickle out over this many milliseconds after their headers. */
    slow_body_ms: z.number().int().min(0).max(120_000),
    /** API answers are padded with whitespace to at least this many bytes (still valid JSON). */
    oversize_bytes: z
      .number()
      .int()
      .min(0)
      .max(512 * 1024 * 1024),
    /**
     * Every key named `from` in successful API answers is called `to` instead, at any depth: a
     * service whose shapes moved on, for the contract check (`npm run check:upstream`).
     */
    rename_field: z
      .object({
        from: z.string().min(1).max(100),
        to: z.string().min(1).max(100),
      })
      .strict()
      .nullable(),
  })
  .strict();
export type Faults = z.infer<typeof FaultsSchema>;

export function defaultFaults(tokenTtlSeconds: number): Faults {
  return {
    latency_ms: 0,
    error_rate: 0,
    rate_limit_rate: 0,
    retry_after_seconds: 5,
    token_ttl_seconds: tokenTtlSeconds,
    reject_current_token_once: false,
    invalid_client: false,
    slow_body_ms: 0,
    oversize_bytes: 0,
    rename_field: null,
  };
}

/** `value` with every key `from` renamed `to`, at any depth. */
export function renameKeys(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, from, to));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key === from ? to : key,
      renameKeys(child, from, to),
    ]),
  );
}

/** Decides by a running counter, so a rate of 0.25 fails exactly every fourth request. */
export class FaultDice {
  private counters = new Map<string, number>();
  roll(name: string, rate: number): boolean {
    if (rate <= 0) return false;
    if (rate >= 1) return true;
    const count = (this.counters.get(name) ?? 0) + 1;
    this.counters.set(name, count);
    return Math.floor(count * rate) > Math.floor((count - 1) * rate);
  }
}
