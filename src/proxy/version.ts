import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** The explorer's version, from its package.json: named in every provenance and in /api/config. */
export const EXPLORER_VERSION = z
  .object({ version: z.string().min(1) })
  .parse(JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))).version;
