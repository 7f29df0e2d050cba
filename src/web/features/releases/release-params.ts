import { z } from 'zod';
import { ReleaseSegmentSchema } from '../../../shared/versions';

export const ReleaseParamsSchema = z.object({
  version: ReleaseSegmentSchema,
  systemModel: ReleaseSegmentSchema,
});
export type ReleaseParams = z.infer<typeof ReleaseParamsSchema>;

/** Route params parsed, never cast: undefined when they are not a release. */
export function parseReleaseParams(
  params: Record<string, string | undefined>,
): ReleaseParams | undefined {
  const parsed = ReleaseParamsSchema.safeParse(params);
  return parsed.success ? parsed.data : undefined;
}
