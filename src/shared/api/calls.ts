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
  };
}
