import { z } from 'zod/mini';
import { DatasetIdSchema } from '../../shared/api/routes';

const IdSchema = z.pipe(z.coerce.number(), DatasetIdSchema);

/** The dataset ID in the path; anything else is a page that does not exist. */
export function datasetId(params: Record<string, string | undefined>): number {
  const parsed = IdSchema.safeParse(params.id);
  if (!parsed.success) throw new Response(null, { status: 404 });
  return parsed.data;
}
