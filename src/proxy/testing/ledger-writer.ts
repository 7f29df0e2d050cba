/**
 * Child process for the ledger's crash test: records charges as fast as it can and prints
 * "ack <id>" after each one is recorded, until it is killed.
 */
import { UsageLedger } from '../usage/ledger';

const file = process.argv[2];
if (!file) throw new Error('usage: ledger-writer <file>');
const ledger = new UsageLedger({
  file,
  budget: { datasets: undefined, indicators: undefined },
  now: Date.now,
});
for (let id = 1; ; id++) {
  ledger.record(`user-${id % 7}`, [id], [882, 800 + (id % 50)]);
  process.stdout.write(`ack ${id}\n`);
  if (id % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
}
