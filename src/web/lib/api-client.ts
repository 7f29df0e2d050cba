import type { z } from 'zod/mini';
import {
  API,
  type AnswerOf,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type RouteName,
} from '../../shared/api/routes';
import { EXPLORER_PAGE_HEADER, type ExplorerPage } from '../../shared/api/schemas';
import { apiUrl } from '../../shared/api/url';
import { ProblemSchema } from '../../shared/problem';

/** The release's query pair, spelled once in shared/versions.ts, where the SPA's calls take it. */
export { releaseWire } from '../../shared/versions';

/** The one error type of the SPA: every failed call to the proxy becomes one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { hint?: string; requestId?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface AuthHooks {
  /** The user's current access token, if signed in. */
  getToken: () => string | undefined;
  /** Renews the token (silently if it can); resolves to false when the user must sign in again. */
  renew: () => Promise<boolean>;
}

let auth: AuthHooks = { getToken: () => undefined, renew: async () => false };

export function setAuthHooks(hooks: AuthHooks) {
  auth = hooks;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const problem = ProblemSchema.safeParse(body);
  const retryAfter = Number(response.headers.get('retry-after'));
  const extra = {
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
  if (problem.success) {
    return new ApiError(
      problem.data.status,
      problem.data.code,
      problem.data.detail ?? problem.data.title,
      {
        ...extra,
        ...(problem.data.hint ? { hint: problem.data.hint } : {}),
        ...(problem.data.requestId ? { requestId: problem.data.requestId } : {}),
      },
    );
  }
  return new ApiError(
    response.status,
    'http_error',
    `The server answered HTTP ${response.status}.`,
    extra,
  );
}

/**
 * The explorer page at a path, which the usage ledger keeps with what a request charges:
 * `/3.12/cutoff/datasets/8279/history` is `history`.
 */
export function explorerPageAt(pathname: string): ExplorerPage {
  const [, , , section, id, sub] = pathname.split('/');
  if (section === 'datasets' && id) return sub === 'history' ? 'history' : 'dataset';
  if (section === 'compare' || section === 'upgrade') return section;
  return 'other';
}

export interface RequestOptions {
  signal?: AbortSignal;
  method?: 'GET' | 'POST';
  body?: unknown;
}

/**
 * Calls the proxy (same origin only) with the user's token and parses the answer with `schema`;
 * after a 401 it renews the token once and tries again.
 */
export async function apiRequest<T>(
  path: string,
  schema: z.ZodMiniType<T>,
  options: RequestOptions = {},
): Promise<T> {
  if (!path.startsWith('/api/')) throw new Error(`apiRequest only calls the proxy, not ${path}`);
  const send = () => {
    const token = auth.getToken();
    const headers: Record<string, string> = {
      accept: 'application/json',
      // Read when the request leaves, so no caller has to say where it is.
      [EXPLORER_PAGE_HEADER]: explorerPageAt(window.location.pathname),
    };
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  };
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && (await auth.renew())) response = await send();
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'network_error',
      'The explorer’s server could not be reached. Check your connection and try again.',
    );
  }
  if (!response.ok) throw await toApiError(response);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new ApiError(
      502,
      'bad_response',
      'The server sent an answer the explorer does not understand.',
    );
  }
  return parsed.data;
}

/**
 * Calls one route of the proxy's API as the route table declares it: its URL built from the
 * typed parameters, its answer parsed with the route's schema.
 */
export function callApi<K extends RouteName>(
  name: K,
  input: {
    params?: ParamsOf<K>;
    query?: QueryOf<K>;
    body?: BodyOf<K>;
    signal?: AbortSignal;
  } = {},
): Promise<AnswerOf<K>> {
  const route = API[name];
  return apiRequest(
    apiUrl(name, {
      ...(input.params ? { params: input.params } : {}),
      ...(input.query ? { query: input.query } : {}),
    }),
    route.response as unknown as z.ZodMiniType<AnswerOf<K>>,
    {
      method: route.method,
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    },
  );
}
