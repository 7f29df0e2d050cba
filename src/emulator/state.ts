import type { EmulatorConfig } from './config';
import type { ServiceTokenIssuer } from './identity/service-tokens';
import type { Licence } from './licence';

/** Counters the admin route reports, so tests and benchmarks can see what reached the emulator. */
export interface EmulatorStats {
  token_requests: number;
  api_requests: number;
}

/** Everything a route needs, passed in so tests can build the emulator with their own clock. */
export interface EmulatorState {
  config: EmulatorConfig;
  licence: Licence;
  serviceTokens: ServiceTokenIssuer;
  stats: EmulatorStats;
  now: () => number;
}
