import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const WINDOW_MS = 60_000;
/** Log lines a minute for requests nobody signed; the rest are counted, not written. */
const UNSIGNED_LINES_PER_MINUTE = 20;

/**
 * One log line per answered request, in place of Fastify's two. Answers to requests without a
 * valid token (401, and 429 from the per-address limit) are sampled: a flood of them wrote 48 MB
 * of log in 20 s. The first such line of a minute says how many of the last were left out.
 */
export class SampledRequestLog extends LogController {
  private windowStart: number;
  private written = 0;
  private skipped = 0;

  constructor(private readonly now: () => number) {
    super();
    this.windowStart = now();
  }

  override incomingRequest(): void {
    // The completed line carries the request too.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const unsigned = reply.statusCode === 401 || (reply.statusCode === 429 && !request.user);
    let notLogged: number | undefined;
    if (unsigned) {
      if (this.now() - this.windowStart >= WINDOW_MS) {
        this.windowStart = this.now();
        this.written = 0;
      }
      if (this.written >= UNSIGNED_LINES_PER_MINUTE) {
        this.skipped++;
        return;
      }
      this.written++;
      notLogged = this.skipped || undefined;
      this.skipped = 0;
    }
    const line = {
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
      ...(notLogged ? { unsignedNotLogged: notLogged } : {}),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
