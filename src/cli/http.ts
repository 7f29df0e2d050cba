import { z } from 'zod';
import { CliError } from './errors';

/** The longest any one call may take; the proxy's own limits are shorter. */
const TIMEOUT_MS = 120_000;

/** fetch, with a timeout and the network's failures said in one line naming the address. */
export async function send(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      ...init,
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new CliError(`could not reach ${new URL(url).origin} (${why})`);
  }
}

/** A JSON answer read with its schema; anything else is an error naming what was asked. */
export async function readJson<T>(
  response: Response,
  schema: z.core.$ZodType<T>,
  what: string,
): Promise<T> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) throw new CliError(`${what} sent an answer this tool does not understand`);
  return parsed.data;
}

/** A form post, as OAuth endpoints take them. */
export const postForm = (url: string, form: Record<string, string>) =>
  send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
  });
