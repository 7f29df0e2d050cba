import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorState } from '../state';
import { ValidationFailure } from './validation';

const ReportSchema = z.object({
  organization_id: z.string(),
  dataset_ids: z.array(z.number().int()).max(10_000),
  indicator_ids: z.array(z.number().int()).max(100),
});

/** `POST {P}/reports` (third-party evidence only, upstream-api.md §6.7): accepted and kept. */
export function registerReports(app: FastifyInstance, state: EmulatorState) {
  app.post('/reports', async (request) => {
    let body: unknown;
    try {
      body = JSON.parse(typeof request.body === 'string' ? request.body : '');
    } catch {
      throw new ValidationFailure([
        { type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {} },
      ]);
    }
    const parsed = ReportSchema.safeParse(body);
    if (!parsed.success) {
      throw new ValidationFailure(
        parsed.error.issues.map((issue) => ({
          type: 'value_error',
          loc: [
            'body',
            ...issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
          ],
          msg: issue.message,
        })),
      );
    }
    state.reports.push({ received_at: new Date(state.now()).toISOString(), ...parsed.data });
    if (state.reports.length > 1000) state.reports.shift();
    return {};
  });
}
