import type { ApiCall } from './calls';
import { API } from './routes';
import {
  billComment,
  curlPriceCheck,
  pythonPriceCheck,
  rPriceCheck,
  type CopiedPrice,
} from './snippet-price';

/**
 * "Copy as code": the calls behind a view of the explorer as curl, Python (standard library
 * only) and R (httr2) that run as copied, once LCI_EXPLORER_TOKEN holds the user's token. Every
 * call is built from the route table, as the explorer's own calls are, so a snippet asks
 * exactly what the page asked.
 */

export const SNIPPET_LANGUAGES = ['curl', 'python', 'r'] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

export const TOKEN_VARIABLE = 'LCI_EXPLORER_TOKEN';

function header(
  calls: readonly ApiCall[],
  copied: CopiedPrice | undefined,
  comment: string,
  stops = true,
): string[] {
  const routes = new Map<string, string>();
  for (const call of calls) routes.set(`${call.method} ${API[call.route].path}`, call.summary);
  return [
    ...[...routes].map(([route, summary]) => `${comment} ${route}: ${summary}`),
    ...billComment(calls, copied, comment, stops),
    `${comment} Token: in the explorer's folder, \`npx lci-explorer login\` once, then`,
    `${comment}   export ${TOKEN_VARIABLE}="$(npx lci-explorer token)"`,
  ];
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function curl(calls: readonly ApiCall[], baseUrl: string, copied?: CopiedPrice): string {
  const command = (call: Pick<ApiCall, 'body' | 'path'>, after = '') =>
    [
      'curl --fail-with-body --silent --show-error --retry 5',
      `  --header "Authorization: Bearer $${TOKEN_VARIABLE}"`,
      ...(call.body !== undefined
        ? [
            `  --header 'Content-Type: application/json'`,
            `  --data-raw ${shellQuote(JSON.stringify(call.body))}`,
          ]
        : []),
      `  ${shellQuote(`${baseUrl}${call.path}`)}${after}`,
    ].join(' \\\n');
  const price = curlPriceCheck(calls);
  const commands = [
    ...(price
      ? [
          [...price.comment, command({ body: price.body, path: '/api/scores/price' }, ' >&2')].join(
            '\n',
          ),
        ]
      : []),
    ...calls.map((call) => command(call)),
  ];
  const waits = calls.some((call) => call.mayWait)
    ? [
        '# An answer with "status": "building" means the explorer is still reading the releases',
        '# (free): run it again after a few seconds.',
      ]
    : [];
  return [...header(calls, copied, '#', false), ...waits, ...commands].join('\n') + '\n';
}

/** A JSON value written as a Python literal. */
function python(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(python).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${python(item)}`).join(', ')}}`;
}

function toPython(calls: readonly ApiCall[], baseUrl: string, copied?: CopiedPrice): string {
  const invocation = (call: ApiCall) =>
    `call(${JSON.stringify(call.method)}, ${JSON.stringify(call.path)}${call.body !== undefined ? `, ${python(call.body)}` : ''})`;
  const result =
    calls.length === 1 && calls[0]
      ? [`data = ${invocation(calls[0])}`]
      : ['data = [', ...calls.map((call) => `    ${invocation(call)},`), ']'];
  return (
    [
      ...header(calls, copied, '#'),
      'import json',
      'import os',
      'import sys',
      'import time',
      'import urllib.error',
      'import urllib.request',
      '',
      `BASE_URL = ${JSON.stringify(baseUrl)}`,
      `TOKEN = os.environ.get(${JSON.stringify(TOKEN_VARIABLE)}) or sys.exit("Set ${TOKEN_VARIABLE} first (see above).")`,
      '',
      '',
      'def call(method, path, body=None):',
      '    """One call to the explorer\'s API; waits while it answers 202 (reading) or 429 (limits)."""',
      '    while True:',
      '        request = urllib.request.Request(',
      '            BASE_URL + path,',
      '            method=method,',
      '            data=None if body is None else json.dumps(body).encode(),',
      '            headers={"Authorization": "Bearer " + TOKEN, "Content-Type": "application/json"},',
      '        )',
      '        try:',
      '            with urllib.request.urlopen(request) as response:',
      '                if response.status != 202:',
      '                    return json.load(response)',
      '                wait = int(response.headers.get("Retry-After", "1"))',
      '        except urllib.error.HTTPError as error:',
      '            if error.code != 429:',
      '                sys.exit(f"HTTP {error.code}: {error.read().decode()}")',
      '            wait = int(error.headers.get("Retry-After", "1"))',
      '        time.sleep(wait)',
      '',
      '',
      ...pythonPriceCheck(calls, copied, python),
      ...result,
      'print(json.dumps(data, indent=2))',
    ].join('\n') + '\n'
  );
}

/** A JSON value written as an R value that httr2's req_body_json() writes back the same. */
function r(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value === true) return 'TRUE';
  if (value === false) return 'FALSE';
  if (typeof value === 'number' || typeof value === 'string') return JSON.stringify(value);
  // Lists, never vectors: a vector of one would be written as a scalar.
  if (Array.isArray(value)) return `list(${value.map(r).join(', ')})`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `list(${entries.map(([key, item]) => `${/^[A-Za-z][A-Za-z0-9._]*$/.test(key) ? key : `\`${key}\``} = ${r(item)}`).join(', ')})`;
}

function toR(calls: readonly ApiCall[], baseUrl: string, copied?: CopiedPrice): string {
  const invocation = (call: ApiCall) =>
    `call(${JSON.stringify(call.method)}, ${JSON.stringify(call.path)}${call.body !== undefined ? `, ${r(call.body)}` : ''})`;
  const result =
    calls.length === 1 && calls[0]
      ? [`data <- ${invocation(calls[0])}`]
      : ['data <- list(', calls.map((call) => `  ${invocation(call)}`).join(',\n'), ')'];
  return (
    [
      ...header(calls, copied, '#'),
      'library(httr2)',
      '',
      `base_url <- ${JSON.stringify(baseUrl)}`,
      `token <- Sys.getenv(${JSON.stringify(TOKEN_VARIABLE)})`,
      `if (token == "") stop("Set ${TOKEN_VARIABLE} first (see above).")`,
      '',
      "# One call to the explorer's API; waits while it answers 202 (reading) or 429 (limits).",
      'call <- function(method, path, body = NULL) {',
      '  req <- request(paste0(base_url, path)) |>',
      '    req_method(method) |>',
      '    req_auth_bearer_token(token) |>',
      '    req_retry(',
      '      max_tries = 120,',
      '      is_transient = \\(resp) resp_status(resp) %in% c(202, 429),',
      '      after = \\(resp) as.numeric(resp_header(resp, "Retry-After", "1"))',
      '    )',
      '  if (!is.null(body)) req <- req_body_json(req, body)',
      '  resp_body_json(req_perform(req))',
      '}',
      '',
      ...rPriceCheck(calls, copied, r),
      ...result,
      'str(data)',
    ].join('\n') + '\n'
  );
}

/**
 * The calls as code in `language`. Where they ask for scores, `copied` is the bill as priced
 * when the code is copied (or why it could not be): the comment states it, and the code prices
 * again first and stops if it grew (without it, if anything at all would be added).
 */
export function snippet(
  language: SnippetLanguage,
  calls: readonly ApiCall[],
  baseUrl: string,
  copied?: CopiedPrice,
) {
  switch (language) {
    case 'curl':
      return curl(calls, baseUrl, copied);
    case 'python':
      return toPython(calls, baseUrl, copied);
    case 'r':
      return toR(calls, baseUrl, copied);
  }
}
