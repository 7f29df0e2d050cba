import { z } from 'zod';
import {
  API,
  type AnswerOf,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type RouteName,
} from '../shared/api/routes';
import { apiUrl } from '../shared/api/url';
import { ProblemSchema } from '../shared/problem';
import type { CredentialStore } from './credentials';
import { CliError } from './errors';
import { send } from './http';
import { accessToken } from './sign-in';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a call waits in all for the proxy's 202s (releases being read) and 429s. */
const MAX_WAIT_MS = 15 * 60_000;

export interface CallInput<K extends RouteName> {
  params?: ParamsOf<K>;
  query?: QueryOf<K>;
  body?: BodyOf<K>;
}

/** What a caller hears while a call waits: releases being read, or the user's limits. */
export type Waiting = (reason: { status: 202 | 429; answer: unknown; seconds: number }) => void;

/**
 * The proxy's API as the route table declares it, as the signed-in user: the URL built from the
 * typed parameters, the answer read with the route's schema, a 401 answered by renewing the
 * sign-in once, a 202 (releases being read) and a 429 (the user's limits) waited out as the
 * proxy's Retry-After says. Any other failure is the proxy's own words, in one line.
 */
export function createApi(
  url: string,
  store: CredentialStore | undefined,
  /** A token given in the environment (`LCI_EXPLORER_TOKEN`), used as it is: never renewed. */
  given?: string,
) {
  return async function call<K extends RouteName>(
    name: K,
    input: CallInput<K> = {},
    onWait?: Waiting,
  ): Promise<AnswerOf<K>> {
    const route = API[name];
    const target = `${url}${apiUrl(name, {
      ...(input.params ? { params: input.params } : {}),
      ...(input.query ? { query: input.query } : {}),
    })}`;
    const attempt = async (force: boolean) => {
      const token = !route.auth
        ? undefined
        : (given ?? (store ? await accessToken(url, store, { force }) : undefined));
      return send(target, {
        method: route.method,
        headers: {
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
      });
    };
    const deadline = Date.now() + MAX_WAIT_MS;
    let renewed = false;
    for (;;) {
      let response = await attempt(false);
      if (response.status === 401 && store && given === undefined && !renewed) {
        renewed = true;
        response = await attempt(true);
      }
      const retryAfter = Math.max(1, Number(response.headers.get('retry-after')) || 1);
      const waits = response.status === 202 || response.status === 429;
      if (waits && Date.now() + retryAfter * 1000 < deadline) {
        const answer: unknown = await response.json().catch(() => undefined);
        onWait?.({ status: response.status as 202 | 429, answer, seconds: retryAfter });
        await sleep(retryAfter * 1000);
        continue;
      }
      if (!response.ok) {
        const problem = ProblemSchema.safeParse(await response.json().catch(() => undefined));
        if (response.status === 401)
          throw new CliError(
            given !== undefined
              ? `LCI_EXPLORER_TOKEN was refused (${problem.success ? (problem.data.detail ?? problem.data.title) : 'HTTP 401'}): give a current token, or unset it and sign in`
              : `${problem.success ? (problem.data.detail ?? problem.data.title) : 'not signed in'}: run \`npx lci-explorer login --url ${url}\``,
          );
        throw new CliError(
          problem.success
            ? `${problem.data.detail ?? problem.data.title} (${problem.data.code}, HTTP ${response.status})`
            : `${route.method} ${route.path} answered HTTP ${response.status}`,
        );
      }
      const body: unknown = await response.json().catch(() => undefined);
      const parsed = z.safeParse(route.response as unknown as z.core.$ZodType<AnswerOf<K>>, body);
      if (!parsed.success)
        throw new CliError(
          `${route.method} ${route.path} sent an answer this tool does not understand`,
        );
      return parsed.data;
    }
  };
}

export type Api = ReturnType<typeof createApi>;
