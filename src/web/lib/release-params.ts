import { useParams } from 'react-router';
import { z } from 'zod';
import { ReleaseSegmentSchema } from '../../shared/versions';

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

/** The release of the current page; route modules under `/:version/:systemModel` always have one. */
export function useRelease(): ReleaseParams {
  const params = parseReleaseParams(useParams());
  if (!params) throw new Error('useRelease is only for pages under /:version/:systemModel');
  return params;
}
