import type { z } from 'zod';
import { ProxyError } from '../errors';

/** The data service's answer in the shape the explorer knows, or a 502 that says it is not. */
export function parseUpstream<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ProxyError(502, 'upstream_bad_response', {
      detail: 'The data service sent an answer in a shape the explorer does not know.',
    });
  }
  return parsed.data;
}
