import type { ProblemCode } from '../shared/problem';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * Codes only the proxy answers with Redis, kept here until the shared list (src/shared/problem.ts)
 * takes them: `usage_ledger_unavailable` (503) is a scored request refused because the shared
 * ledger cannot be reached, so it is never answered uncounted.
 */
export type ProxyProblemCode = ProblemCode | 'usage_ledger_unavailable';

export interface ProblemOptions {
  detail?: string;
  hint?: string;
  headers?: Record<string, string>;
  errors?: { field: string; message: string }[];
}

/** Every failure the proxy answers becomes one of these, and leaves as problem+json. */
export class ProxyError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProxyProblemCode,
    readonly options: ProblemOptions = {},
  ) {
    super(options.detail ?? code);
  }

  get title() {
    return TITLES[this.status] ?? 'Error';
  }

  toProblem(requestId: string) {
    return {
      type: `about:blank#${this.code}`,
      title: this.title,
      status: this.status,
      code: this.code,
      ...(this.options.detail ? { detail: this.options.detail } : {}),
      ...(this.options.hint ? { hint: this.options.hint } : {}),
      ...(this.options.errors ? { errors: this.options.errors } : {}),
      requestId,
    };
  }
}
