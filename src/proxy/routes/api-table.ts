import { z } from 'zod';
import { API, type RouteName } from '../../shared/api/routes';

/**
 * The proxy README's API table, written from the route table that registers the routes and
 * writes their OpenAPI, so the two cannot drift (`api-table.test.ts` compares; `npm run
 * docs:api` rewrites the README's table).
 */

const START = '<!-- api-table: written by `npm run docs:api` from src/shared/api/routes.ts -->';
const END = '<!-- api-table end -->';

/** Routes outside the table: not the data service's, registered by routes/health.ts and others. */
const OTHER_ROUTES: [string, string, string][] = [
  ['`GET /api/openapi.json`', 'this table as an OpenAPI 3.0 document (no token needed)', 'no'],
  [
    '`GET /healthz`, `GET /readyz`',
    'the process answers; the data service answers a free call with the proxy’s token, probed at most every 5 s (503 with the reason otherwise), and the shapes the adapter has seen per route',
    'no',
  ],
  [
    'anything else under `/api`',
    '404 problem+json; a known path with another method is 405 with `Allow`; nothing is forwarded',
    'no',
  ],
];

const KEPT = { immutable: 'for good', revalidate: 'ETag', none: 'no' } as const;

function queryNames(type: z.core.$ZodType): string[] {
  const json = z.toJSONSchema(type, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** One row per route: method, path and query names; what it answers; how long a browser keeps it. */
function rows(): [string, string, string][] {
  return (Object.keys(API) as RouteName[]).map((name) => {
    const route = API[name];
    const query = queryNames(route.query);
    const call = `\`${route.method} ${route.path}${query.length > 0 ? `?${query.join('&')}` : ''}\``;
    const notes = [
      route.body ? `body: ${queryNames(route.body).join(', ')}` : undefined,
      route.bodyLimit ? `bodies up to ${route.bodyLimit / 1024 / 1024} MB` : undefined,
      route.accepted,
      route.auth ? undefined : 'no token needed',
    ].filter((note): note is string => note !== undefined);
    const answer = notes.length > 0 ? `${route.summary} (${notes.join('; ')})` : route.summary;
    return [call, cell(answer), KEPT[route.caching]];
  });
}

/** The table as Markdown between its markers (`npm run docs:api` lets Prettier pad it). */
export function apiTable(): string {
  const line = (row: readonly string[]) => `| ${row.join(' | ')} |`;
  return [
    START,
    '',
    line(['route', 'answer', 'browser keeps it']),
    line(['---', '---', '---']),
    ...[...rows(), ...OTHER_ROUTES].map(line),
    '',
    END,
  ].join('\n');
}

/** The README with its table written anew; undefined when the README has no markers. */
export function withApiTable(readme: string): string | undefined {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return readme.slice(0, start) + apiTable() + readme.slice(end + END.length);
}
