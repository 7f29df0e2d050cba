import { z } from 'zod';

/** `GET /api/config`: the public settings the SPA needs at start; never a secret. */
export const PublicConfigSchema = z.object({
  auth: z.discriminatedUnion('mode', [
    z.object({
      mode: z.literal('oidc'),
      issuer: z.url(),
      clientId: z.string().min(1),
      scope: z.string().min(1),
      /** The public client programs sign in with (device authorization grant); null: none. */
      programClientId: z.string().min(1).nullable(),
    }),
    z.object({ mode: z.literal('none') }),
  ]),
  dataService: z.object({
    emulated: z.boolean(),
    /** Whether Spold UUIDs and ecoSpold file names can be looked up. */
    spoldLookup: z.boolean(),
    /** Whether searches can be filtered by sector and ISIC section. */
    sectorIndex: z.boolean(),
  }),
  /** What one user (in the browser or a program alike) may ask of the proxy. */
  limits: z.object({
    requestsPerMinute: z.number().int().positive(),
    /** Calls to the data service one user may have running at once… */
    concurrentCalls: z.number().int().positive(),
    /** …and how many more wait for a slot, at most how long, before a 429. */
    queuedCalls: z.number().int().nonnegative(),
    queueSeconds: z.number().nonnegative(),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** The demo organisation's names, shared so the emulator and the proxy agree by default. */
export const DEMO_SIGN_IN = {
  realm: 'explorer',
  clientId: 'lci-explorer',
  /** The public client programs sign in with (the device authorization grant, RFC 8628). */
  programClientId: 'lci-explorer-cli',
  audience: 'urn:lci-explorer:proxy',
  scope: 'openid profile',
} as const;
