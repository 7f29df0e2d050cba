import type { FastifyInstance } from 'fastify';

const WINDOW_MS = 60_000;
/** Log lines a minute for requests nobody signed; the rest are counted, not written. */
const UNSIGNED_LINES_PER_MINUTE = 20;

/**
 * One log line per answered request, in place of Fastify's two. Answers to requests without a
 * valid token (401, and 429 from the per-address limit) are sampled: a flood of them wrote 48 MB
 * of log in 20 s. The first line of each minute says how many of the last were left out.
 */
export function registerRequestLog(app: FastifyInstance, now: () => number) {
  let windowStart = now();
  let written = 0;
  let suppressed = 0;
  app.addHook('onResponse', (request, reply, done) => {
    const unsigned = reply.statusCode === 401 || (reply.statusCode === 429 && !request.user);
    if (unsigned) {
      if (now() - windowStart >= WINDOW_MS) {
        windowStart = now();
        written = 0;
      }
      if (written >= UNSIGNED_LINES_PER_MINUTE) {
        suppressed++;
        done();
        return;
      }
      written++;
    }
    request.log.info(
      {
        req: request,
        res: reply,
        responseTime: reply.elapsedTime,
        ...(unsigned && suppressed > 0 ? { unsignedNotLogged: suppressed } : {}),
      },
      'request completed',
    );
    if (unsigned) suppressed = 0;
    done();
  });
}
