import { API, type ParamsOf, type QueryOf, type RouteName } from './routes';

type Value = string | number | boolean | readonly (string | number)[] | undefined;

/** The query string of a route's parsed parameters: lists comma-separated, empty ones left out. */
function toQueryString(query: Readonly<Record<string, Value>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text !== '') params.set(key, text);
  }
  // Commas stay readable: ?indicator_ids=882,990.
  return params.toString().replace(/%2C/g, ',');
}

/**
 * The URL of a call to the proxy, built from the route table: the same path the proxy
 * registers, the same parameters it parses back.
 */
export function apiUrl<K extends RouteName>(
  name: K,
  input: { params?: ParamsOf<K>; query?: QueryOf<K> } = {},
): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = API[name].path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${API[name].path} needs ${key}`);
    return encodeURIComponent(String(value));
  });
  const query = toQueryString(input.query ?? {});
  return query ? `${path}?${query}` : path;
}

/** Fastify's way of writing a path: `/api/datasets/{id}` → `/api/datasets/:id`. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
