import { z } from 'zod';

/** `GET /api/usage`: this licence period's charges as the proxy counted them. */
export const UsageSchema = z.object({
  period: z.string(),
  datasets: z.number().int().nonnegative(),
  indicators: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
  budget: z.object({
    datasets: z.number().int().nullable(),
    indicators: z.number().int().nullable(),
  }),
  charged: z.object({ datasets: z.array(z.number().int()), indicators: z.array(z.number().int()) }),
});
export type Usage = z.infer<typeof UsageSchema>;
