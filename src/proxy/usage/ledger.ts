import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { ProxyError } from '../errors';

export interface UsageSnapshot {
  period: string;
  datasets: number;
  indicators: number;
  users: number;
  budget: { datasets: number | null; indicators: number | null };
}

interface Entry {
  period: string;
  user?: string;
  datasets?: number[];
  indicators?: number[];
}

/**
 * What this licence period has been charged for, as the proxy saw it: unique datasets,
 * indicators and users of successful answers with scores. Every new charge is appended to a
 * file and flushed to disk before the answer leaves, so a crash loses nothing that was answered.
 */
export class UsageLedger {
  private readonly datasets = new Set<number>();
  private readonly indicators = new Set<number>();
  private readonly users = new Set<string>();
  private period: string;
  private fd: number | undefined;

  constructor(
    private readonly options: {
      file: string | undefined;
      budget: { datasets: number | undefined; indicators: number | undefined };
      now: () => number;
    },
  ) {
    this.period = this.currentPeriod();
    if (options.file) {
      mkdirSync(path.dirname(options.file), { recursive: true });
      if (existsSync(options.file)) this.replay(readFileSync(options.file, 'utf8'));
      this.fd = openSync(options.file, 'a');
    }
  }

  /** A licence period is a calendar year (UTC), as licences are sold. */
  private currentPeriod(): string {
    return String(new Date(this.options.now()).getUTCFullYear());
  }

  private replay(text: string) {
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let entry: Entry;
      try {
        entry = JSON.parse(line) as Entry;
      } catch {
        continue; // a line torn by a crash mid-write was never acknowledged
      }
      if (entry.period !== this.period) continue;
      if (entry.user) this.users.add(entry.user);
      for (const id of entry.datasets ?? []) this.datasets.add(id);
      for (const id of entry.indicators ?? []) this.indicators.add(id);
    }
  }

  private rollPeriod() {
    const period = this.currentPeriod();
    if (period !== this.period) {
      this.period = period;
      this.datasets.clear();
      this.indicators.clear();
      this.users.clear();
    }
  }

  /** Which of these would be new charges this period. */
  newCharges(datasetIds: readonly number[], indicatorIds: readonly number[]) {
    this.rollPeriod();
    return {
      datasets: [...new Set(datasetIds)].filter((id) => !this.datasets.has(id)),
      indicators: [...new Set(indicatorIds)].filter((id) => !this.indicators.has(id)),
    };
  }

  /** Refuses, before anything is forwarded, a request that could take usage past the budget. */
  assertWithinBudget(
    datasetIds: readonly number[],
    indicatorIds: readonly number[],
    maxDatasets = Infinity,
  ): void {
    if (indicatorIds.length === 0 || datasetIds.length === 0) return;
    const candidates = this.newCharges(datasetIds, indicatorIds);
    const fresh = {
      datasets: candidates.datasets.slice(0, maxDatasets),
      indicators: candidates.indicators,
    };
    const { budget } = this.options;
    const over = (used: number, added: number, limit: number | undefined) =>
      limit !== undefined && used + added > limit;
    if (
      over(this.datasets.size, fresh.datasets.length, budget.datasets) ||
      over(this.indicators.size, fresh.indicators.length, budget.indicators)
    ) {
      throw new ProxyError(403, 'budget_exhausted', {
        detail: `This request would charge ${fresh.datasets.length} new datasets and ${fresh.indicators.length} new indicators, past this period's budget (${this.datasets.size}/${budget.datasets ?? '∞'} datasets, ${this.indicators.size}/${budget.indicators ?? '∞'} indicators used).`,
        hint: 'Use datasets and indicators already charged this period, or raise SCORE_BUDGET_DATASETS / SCORE_BUDGET_INDICATORS',
      });
    }
  }

  /** Records charges durably; returns once they are on disk. */
  record(user: string, datasetIds: readonly number[], indicatorIds: readonly number[]): void {
    if (datasetIds.length === 0 || indicatorIds.length === 0) return;
    const fresh = this.newCharges(datasetIds, indicatorIds);
    const newUser = !this.users.has(user);
    if (fresh.datasets.length === 0 && fresh.indicators.length === 0 && !newUser) return;
    const entry: Entry = { period: this.period };
    if (newUser) entry.user = user;
    if (fresh.datasets.length) entry.datasets = fresh.datasets;
    if (fresh.indicators.length) entry.indicators = fresh.indicators;
    if (this.fd !== undefined) {
      writeSync(this.fd, `${JSON.stringify(entry)}\n`);
      fsyncSync(this.fd);
    }
    if (newUser) this.users.add(user);
    for (const id of fresh.datasets) this.datasets.add(id);
    for (const id of fresh.indicators) this.indicators.add(id);
  }

  charged(datasetId: number, indicatorId: number): boolean {
    return this.datasets.has(datasetId) && this.indicators.has(indicatorId);
  }

  snapshot(): UsageSnapshot {
    this.rollPeriod();
    return {
      period: this.period,
      datasets: this.datasets.size,
      indicators: this.indicators.size,
      users: this.users.size,
      budget: {
        datasets: this.options.budget.datasets ?? null,
        indicators: this.options.budget.indicators ?? null,
      },
    };
  }

  /** IDs charged this period, for the SPA to say what a request would add to the bill. */
  chargedIds() {
    this.rollPeriod();
    return {
      datasets: [...this.datasets].sort((a, b) => a - b),
      indicators: [...this.indicators].sort((a, b) => a - b),
    };
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
