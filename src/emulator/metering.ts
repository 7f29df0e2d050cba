import { DetailError } from './routes/validation';

export type MeteringMode = 'record' | 'enforce';

export interface Tier {
  datasets: number;
  indicators: number;
  users: number;
}

/**
 * What the licence has consumed this period (upstream-api.md §9, §13.9): unique users (by
 * X-User-ID), datasets and indicators served with scores on successful responses. In `enforce`
 * mode the first request that would go past the tier is refused with 403.
 */
export class Ledger {
  private readonly users = new Set<string>();
  private readonly datasets = new Set<number>();
  private readonly indicators = new Set<number>();
  private periodStart: Date;

  constructor(
    private mode: MeteringMode,
    private tier: Tier,
    now: () => number,
  ) {
    this.periodStart = new Date(now());
  }

  /** Refuses, before anything is served, a request that would exceed the tier (enforce mode). */
  check(
    user: string | undefined,
    datasetIds: readonly number[],
    indicatorIds: readonly number[],
  ): void {
    if (this.mode !== 'enforce' || indicatorIds.length === 0 || datasetIds.length === 0) return;
    const newDatasets = new Set(datasetIds.filter((id) => !this.datasets.has(id))).size;
    const newIndicators = new Set(indicatorIds.filter((id) => !this.indicators.has(id))).size;
    const newUsers = user && !this.users.has(user) ? 1 : 0;
    if (this.datasets.size + newDatasets > this.tier.datasets) {
      throw new DetailError(
        403,
        `License limit reached: ${this.tier.datasets} unique datasets per period`,
      );
    }
    if (this.indicators.size + newIndicators > this.tier.indicators) {
      throw new DetailError(
        403,
        `License limit reached: ${this.tier.indicators} unique indicators per period`,
      );
    }
    if (this.users.size + newUsers > this.tier.users) {
      throw new DetailError(
        403,
        `License limit reached: ${this.tier.users} unique users per period`,
      );
    }
  }

  record(
    user: string | undefined,
    datasetIds: readonly number[],
    indicatorIds: readonly number[],
  ): void {
    if (indicatorIds.length === 0 || datasetIds.length === 0) return;
    if (user) this.users.add(user);
    for (const id of datasetIds) this.datasets.add(id);
    for (const id of indicatorIds) this.indicators.add(id);
  }

  snapshot() {
    return {
      mode: this.mode,
      period_start: this.periodStart.toISOString(),
      tier: this.tier,
      users: this.users.size,
      datasets: this.datasets.size,
      indicators: this.indicators.size,
      user_ids: [...this.users].sort(),
      dataset_ids: [...this.datasets].sort((a, b) => a - b),
      indicator_ids: [...this.indicators].sort((a, b) => a - b),
    };
  }

  configure(options: { mode?: MeteringMode; tier?: Partial<Tier> }) {
    if (options.mode) this.mode = options.mode;
    if (options.tier) this.tier = { ...this.tier, ...options.tier };
  }

  reset(now: number): void {
    this.users.clear();
    this.datasets.clear();
    this.indicators.clear();
    this.periodStart = new Date(now);
  }
}
