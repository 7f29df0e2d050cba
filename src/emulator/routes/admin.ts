import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { groundTruth } from '../data/ground-truth';
import { FaultsSchema } from '../faults';
import type { EmulatorState } from '../state';

const MeteringSchema = z
  .object({
    mode: z.enum(['record', 'enforce']).optional(),
    tier: z
      .object({
        datasets: z.number().int().min(0),
        indicators: z.number().int().min(0),
        users: z.number().int().min(0),
      })
      .partial()
      .optional(),
  })
  .strict();

const ChangesQuerySchema = z
  .object({
    from: z.string().min(1),
    to: z.string().min(1),
    system_model: z.string().min(1).default('cutoff'),
  })
  .strict();

/** Admin routes for tests and benchmarks, outside the API prefixes and without auth. */
export function registerAdmin(
  app: FastifyInstance,
  state: EmulatorState,
  initial: () => EmulatorState['faults'],
) {
  app.get('/_emulator/stats', async () => ({ ...state.stats }));

  // A route of its own, so the other admin answers keep their shapes.
  app.get('/_emulator/dialect', async () => ({
    dialect: state.config.dialect,
    spold_route: state.config.spoldRoute,
    // What an operator sets the proxy to after `npm run check:upstream`, as the faults stand.
    paging: state.faults.paging ?? (state.config.dialect === 'variant' ? 'offset' : 'from'),
    max_limit: state.faults.max_limit,
    absent_as: state.faults.absent_as,
  }));

  app.get('/_emulator/ledger', async () => state.ledger.snapshot());
  app.post('/_emulator/ledger', async (request, reply) => {
    const parsed = MeteringSchema.safeParse(request.body);
    if (!parsed.success)
      return reply.code(422).send({ detail: parsed.error.issues.map((issue) => issue.message) });
    state.ledger.configure(parsed.data);
    return state.ledger.snapshot();
  });

  app.get('/_emulator/faults', async () => state.faults);
  app.post('/_emulator/faults', async (request, reply) => {
    const parsed = FaultsSchema.partial().safeParse(request.body);
    if (!parsed.success) {
      return reply.code(422).send({
        detail: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      });
    }
    Object.assign(state.faults, parsed.data);
    // Switched on (again), the gateway picks the next token it sees to refuse.
    if (parsed.data.gateway_refusal !== undefined) state.gateway.refused = undefined;
    return state.faults;
  });

  // What the generator did to each dataset between two releases: the tests' ground truth.
  app.get('/_emulator/changes', async (request, reply) => {
    const parsed = ChangesQuerySchema.safeParse(request.query);
    if (!parsed.success)
      return reply.code(422).send({ detail: parsed.error.issues.map((issue) => issue.message) });
    const { from, to, system_model: systemModel } = parsed.data;
    const rows = groundTruth(state.store, from, to, systemModel);
    if (!rows)
      return reply.code(404).send({
        detail: `No releases ${from} → ${to} (older first) in ${systemModel}.`,
      });
    const counts: Record<string, number> = {};
    for (const row of rows) counts[row.kind] = (counts[row.kind] ?? 0) + 1;
    return { from, to, system_model: systemModel, counts, rows };
  });

  app.get('/_emulator/reports', async () => ({ reports: state.reports }));

  app.post('/_emulator/reset', async () => {
    state.stats.token_requests = 0;
    state.stats.api_requests = 0;
    Object.assign(state.faults, initial());
    state.ledger.reset(state.now());
    state.reports.length = 0;
    state.gateway.refused = undefined;
    return { ok: true };
  });
}
