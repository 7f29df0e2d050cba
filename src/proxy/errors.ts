import type { FastifyReply, FastifyRequest } from 'fastify';
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
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export interface ProblemOptions {
  detail?: string;
  hint?: string;
  headers?: Record<string, string>;
  errors?: { field: string; message: string }[];
  /** Fields for the proxy's log line about this failure; never sent to the client. */
  logged?: Record<string, unknown>;
}

/** Every failure the proxy answers becomes one of these, and leaves as problem+json. */
export class ProxyError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
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

/** Sends `problem` as problem+json with its own headers: the error handler's one way out. */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ProxyError) {
  return reply
    .code(problem.status)
    .headers(problem.options.headers ?? {})
    .type('application/problem+json')
    .send(problem.toProblem(request.id));
}
