/**
 * `npm run ledger:confirm [-- --yes [--drop-lost]]`: what an operator runs when the instances
 * refuse scored calls with `usage_ledger_mismatch` (Redis lost data: restarted without its
 * append-only file, its data directory gone, or flushed). Without `--yes` it says what the
 * instances found; restoring Redis's data (its `appendonlydir`) is the better answer, after which
 * they take scored calls again by themselves. With `--yes`, the loss is confirmed: every instance
 * adopts the ledger as it is, and what they had seen and Redis no longer holds still counts
 * against the budget (the IDs are gone, so asking for one of them again charges it again);
 * `--drop-lost` does not count it (only when the licence's own usage report says so).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { proxyConfigFromEnv, ConfigError } from '../proxy/config';
import { confirmLedger } from '../proxy/usage/ledger-epoch';
import { LedgerWitness } from '../proxy/usage/ledger-witness';

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { values } = parseArgs({
    options: {
      yes: { type: 'boolean', default: false },
      'drop-lost': { type: 'boolean', default: false },
    },
  });
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    console.error('REDIS_URL is required: the Redis the instances share.');
    process.exit(1);
  }
  let witnessPath: string | undefined;
  try {
    // Only the variables this command reads; the rest of the proxy's need not be set here.
    witnessPath = proxyConfigFromEnv({
      DATA_API_URL: 'http://127.0.0.1',
      DATA_API_CLIENT_ID: 'unused',
      DATA_API_CLIENT_SECRET: 'unused',
      AUTH_MODE: 'none',
      REDIS_URL: redisUrl,
      USAGE_WITNESS_PATH: process.env.USAGE_WITNESS_PATH,
    }).usageWitnessPath;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch {
    console.error('REDIS_URL cannot be reached.');
    process.exit(1);
  }
  const witnessed = new LedgerWitness(witnessPath).read();
  let found;
  try {
    found = await confirmLedger(redis, {
      apply: values.yes,
      drop: values['drop-lost'],
      witnessed,
      now: Date.now(),
    });
  } finally {
    redis.disconnect();
  }
  const mismatch = Object.keys(found.mismatch).length > 0 ? found.mismatch : undefined;
  console.log(`Ledger epoch in Redis: ${found.epoch ?? 'none (Redis holds no ledger)'}`);
  if (witnessed)
    console.log(
      `This machine's witness (${witnessPath ?? ''}): epoch ${witnessed.epoch}, ${witnessed.period}, totals ${witnessed.totals.join('/')} (datasets/indicators/users/unknown pages)`,
    );
  if (mismatch)
    console.log(
      `Halted by instance ${mismatch.instance ?? '?'}: ${mismatch.reason ?? '?'}; it knew epoch ${mismatch.expected ?? '?'} with ${mismatch.datasets ?? 0} datasets, ${mismatch.indicators ?? 0} indicators, ${mismatch.users ?? 0} users, ${mismatch.maybe_slots ?? 0} from unknown pages in ${mismatch.period ?? '?'}.`,
    );
  else console.log('No instance has halted scored calls.');
  if (!found.floorAdded) {
    if (!mismatch) return;
    console.log(
      'Restore Redis from its append-only file if you can: the instances resume by themselves. Otherwise run again with -- --yes to confirm the loss.',
    );
    process.exitCode = 2;
  } else {
    const { datasets, indicators, users } = found.floorAdded;
    console.log(
      values['drop-lost']
        ? 'Confirmed: the instances take scored calls again; what Redis lost no longer counts against the budget.'
        : `Confirmed: the instances take scored calls again; ${datasets} datasets, ${indicators} indicators and ${users} users Redis lost keep counting against the budget.`,
    );
  }
}

void main();
