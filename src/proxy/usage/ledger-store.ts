import type { UsageLedger } from './ledger';
import type { Charge, LedgerHealth, ScoredCall, UsageSnapshot } from './ledger-types';
import type { ServedRelease } from './served';

/**
 * A scored call's hold on the budget, as the routes see it, whichever store keeps the ledger.
 * Settling never throws: a settlement the store could not take leaves the intent open, and an
 * open intent is counted as charged in full (the ledger stays at or above what was charged).
 */
export interface StoredReservation {
  settle(datasetIds: readonly number[], indicatorIds: readonly number[]): Promise<void>;
  release(): Promise<void>;
  settleUnknown(): Promise<void>;
}

/** The usage ledger and budget: this process's file, or Redis shared by every instance. */
export interface LedgerStore {
  /** Holds what a scored call could charge, or throws 403 `budget_exhausted` (or 503). */
  reserve(call: ScoredCall): Promise<StoredReservation | undefined>;
  snapshot(): Promise<UsageSnapshot>;
  chargedIds(): Promise<{ datasets: number[]; indicators: number[] }>;
  /** This period's charges, newest first, for the itemised usage: everyone's, or one user's. */
  recentCharges(user?: string): Promise<Charge[]>;
  /** How many charges there are this period, everyone's or one user's, listed or not. */
  chargeCount(user?: string): Promise<number>;
  /** Datasets whose scores were returned in each release this period (served.ts). */
  servedByRelease(): Promise<ServedRelease[]>;
  /** Whether this user already counts as one of the period's users. */
  hasUser(user: string): Promise<boolean>;
  /** Whether scored calls can be counted now (readiness says so), and if not, why. */
  health(): LedgerHealth;
  close(): Promise<void>;
}

/** The in-process ledger (one file, one writer) behind the same interface. */
export function inProcessLedger(ledger: UsageLedger): LedgerStore {
  return {
    async reserve(call) {
      const held = ledger.reserve(call);
      if (!held) return undefined;
      return {
        settle: async (datasets, indicators) => held.settle(datasets, indicators),
        release: async () => held.release(),
        settleUnknown: async () => held.settleUnknown(),
      };
    },
    snapshot: async () => ledger.snapshot(),
    chargedIds: async () => ledger.chargedIds(),
    recentCharges: async (user) => ledger.recentCharges(user),
    chargeCount: async (user) => ledger.chargeCount(user),
    servedByRelease: async () => ledger.servedByRelease(),
    hasUser: async (user) => ledger.hasUser(user),
    health: () => ledger.health(),
    close: async () => ledger.close(),
  };
}
