import { z } from 'zod/mini';

/** Text the service may leave out or send as null. */
export const text = z.nullable(z.string());
