import { expect } from 'vitest';

/**
 * Asks until the answer is ready, as the explorer does: while the releases are read, a 202 with
 * `Retry-After: 1`; then a 200. Says whether it had to wait.
 */
export async function whenReady<T extends { status: string }>(
  ask: () => Promise<{ statusCode: number; json: () => unknown; headers: Record<string, unknown> }>,
  parse: (body: unknown) => T,
): Promise<{ answer: Extract<T, { status: 'ready' }>; waited: boolean }> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await ask();
    const answer = parse(response.json());
    if (answer.status === 'ready') {
      expect(response.statusCode).toBe(200);
      return { answer: answer as Extract<T, { status: 'ready' }>, waited: attempt > 0 };
    }
    expect(response.statusCode).toBe(202);
    expect(response.headers['retry-after']).toBe('1');
    // The releases are still being read: ask again shortly.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('never ready');
}
