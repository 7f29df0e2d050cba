import { z } from 'zod';

/** Text the service may leave out or send as null. */
export const text = z.string().nullable();
