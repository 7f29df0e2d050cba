import type { EmulatorConfig } from './config';
import type { DataStore } from './data/store';
import type { FaultDice, Faults } from './faults';
import type { Ledger } from './metering';
import type { ServiceTokenIssuer } from './identity/service-tokens';
import type { Licence } from './licence';

/** Counters the admin route reports, so tests and benchmarks can see what reached the emulator. */
interface EmulatorStats {
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
  store: DataStore;
  ledger: Ledger;
  faults: Faults;
  dice: FaultDice;
  /** The token the `gateway_refusal: token` fault's gateway refuses (the first it saw). */
  gateway: { refused: string | undefined };
  /** What clients reported through `POST {P}/reports`, newest last (capped). */
  reports: {
    received_at: string;
    organization_id: string;
    dataset_ids: number[];
    indicator_ids: number[];
  }[];
}
