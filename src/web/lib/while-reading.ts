/**
 * How soon an answer the proxy is still reading releases for is asked for again after its 202.
 * The proxy holds each such request up to a second for the reading to end
 * (`src/proxy/routes/handlers/types.ts`, `READING_HOLD_MS`) and answers the moment it does, so
 * asking again soon after is about one request a second, and an answer quick to make is not left
 * waiting for the next poll (half a second on average when the explorer waited a second between
 * them).
 */
export const READ_AGAIN_MS = 250;

/** `refetchInterval` of a query whose answer may be a 202 with `status: 'building'`. */
export const whileReading = (query: { state: { data?: unknown } }): number | false =>
  (query.state.data as { status?: unknown } | undefined)?.status === 'building'
    ? READ_AGAIN_MS
    : false;
