import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from '../state';

/** Admin routes for tests and benchmarks, outside the API prefixes and without auth. */
export function registerAdmin(app: FastifyInstance, state: EmulatorState) {
  app.get('/_emulator/stats', async () => ({ ...state.stats }));
  app.post('/_emulator/reset', async () => {
    state.stats.token_requests = 0;
    state.stats.api_requests = 0;
    return { ok: true };
  });
}
