/** A wait the service asked for: `Retry-After` in seconds or as an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  if (/^\d{1,6}$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
