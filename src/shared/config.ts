import { z } from 'zod/mini';

/** `GET /api/config`: the public settings the SPA needs at start; never a secret. */
export const PublicConfigSchema = z.object({
  auth: z.discriminatedUnion('mode', [
    z.object({
      mode: z.literal('oidc'),
      issuer: z.url(),
      clientId: z.string().check(z.minLength(1)),
      scope: z.string().check(z.minLength(1)),
      /** The public client programs sign in with (device authorization grant); null: none. */
      programClientId: z.nullable(z.string().check(z.minLength(1))),
    }),
    z.object({ mode: z.literal('none') }),
  ]),
  dataService: z.object({
    emulated: z.boolean(),
    /** The service as provenance names it: `demo data` for the emulator, else host and API path. */
    name: z.string().check(z.minLength(1)),
    /** Whether Spold UUIDs and ecoSpold file names can be looked up. */
    spoldLookup: z.boolean(),
    /** Whether searches can be filtered by sector and ISIC section. */
    sectorIndex: z.boolean(),
  }),
  /** The explorer's version (its package.json), which every provenance names too. */
  explorer: z.object({ version: z.string().check(z.minLength(1)) }),
  /**
   * The organisation holding the ecoinvent licence (`LICENCE_HOLDER`), under whose name static
   * reports mark their numbers as calculated data; null when the operator has not named it.
   */
  licence: z.object({ holder: z.nullable(z.string()) }),
  /** What one user (in the browser or a program alike) may ask of the proxy. */
  limits: z.object({
    requestsPerMinute: z.int().check(z.positive()),
    /** Calls to the data service one user may have running at once… */
    concurrentCalls: z.int().check(z.positive()),
    /** …and how many more wait for a slot, at most how long, before a 429. */
    queuedCalls: z.int().check(z.nonnegative()),
    queueSeconds: z.number().check(z.nonnegative()),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** The emulator's licence holder, named on reports of its demo data. */
export const DEMO_LICENCE_HOLDER = 'Demo organisation';

/** The demo organisation's names, shared so the emulator and the proxy agree by default. */
export const DEMO_SIGN_IN = {
  realm: 'explorer',
  clientId: 'lci-explorer',
  /** The public client programs sign in with (the device authorization grant, RFC 8628). */
  programClientId: 'lci-explorer-cli',
  audience: 'urn:lci-explorer:proxy',
  scope: 'openid profile',
} as const;
