/**
 * Runs `work` once the browser is idle (within two seconds at the latest), or at once-ish where
 * it has no idle callbacks (Safari): for work a page will need but that must not hold back what
 * it shows first. Returns the cancel, as an effect's clean-up.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}
