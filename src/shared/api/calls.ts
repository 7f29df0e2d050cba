import type { ScoredSet } from './price';
import { API, type BodyOf, type ParamsOf, type QueryOf, type RouteName } from './routes';
import { apiUrl } from './url';

/**
 * The calls behind a view of the explorer, as "Copy as code" writes them (snippets.ts): built
 * from the route table, as the explorer's own calls are, so a snippet asks exactly what the page
 * asked. Apart from the writers, so a page can say its calls without loading them.
 */

/** One call to the proxy, ready to be written in any language. */
export interface ApiCall {
  method: 'GET' | 'POST';
  /** Path and query, as the explorer sends them: `/api/datasets/8279?version=3.12&…`. */
  path: string;
  body: unknown;
  /** The route as the OpenAPI document names it, with its summary. */
  route: RouteName;
  summary: string;
  /** Whether it asks for scores, which the data service bills. */
  scored: boolean;
  /** Whether the proxy may answer 202 (releases still being read) and expect it again. */
  mayWait: boolean;
  /**
   * The scores it asks for, to price before it runs (`POST /api/scores/price`); undefined when
   * it asks for none, or names no release to price them in.
   */
  scores?: ScoredSet;
}

/** The scores a call of one of the two scored routes asks for, in its release. */
function scoresOf(
  name: RouteName,
  input: { params?: unknown; query?: unknown; body?: unknown },
): ScoredSet | undefined {
  const query = (input.query ?? {}) as { version?: string; system_model?: string };
  if (query.version === undefined || query.system_model === undefined) return undefined;
  const release = { version: query.version, systemModel: query.system_model };
  if (name === 'dataset') {
    const { id } = input.params as ParamsOf<'dataset'>;
    const indicators = (input.query as QueryOf<'dataset'>).indicator_ids ?? [];
    return indicators.length > 0
      ? { ...release, datasetIds: [id], indicatorIds: indicators }
      : undefined;
  }
  if (name === 'batch') {
    const body = input.body as BodyOf<'batch'> | undefined;
    const indicators = body?.indicator_ids ?? [];
    return body && indicators.length > 0
      ? { ...release, datasetIds: body.dataset_ids, indicatorIds: indicators }
      : undefined;
  }
  return undefined;
}

export function apiCall<K extends RouteName>(
  name: K,
  input: { params?: ParamsOf<K>; query?: QueryOf<K>; body?: BodyOf<K> } = {},
): ApiCall {
  const route = API[name];
  // Scores are asked by indicator, in the query (one dataset) or the body (a batch).
  const indicators = (value: unknown) => {
    const ids = (value as { indicator_ids?: unknown } | undefined)?.indicator_ids;
    return Array.isArray(ids) ? ids.length : 0;
  };
  const scores = scoresOf(name, input);
  return {
    method: route.method,
    path: apiUrl(name, {
      ...(input.params ? { params: input.params } : {}),
      ...(input.query ? { query: input.query } : {}),
    }),
    body: input.body,
    route: name,
    summary: route.summary,
    scored: indicators(input.query) + indicators(input.body) > 0,
    mayWait: route.accepted?.startsWith('202') ?? false,
    ...(scores ? { scores } : {}),
  };
}
