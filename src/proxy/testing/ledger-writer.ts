/**
 * Child process for the ledger's crash test: scored calls as fast as it can, each reserved, then
 * "sent" (it prints "charged <id>", as the data service would bill it), then settled ("ack <id>"),
 * until it is killed.
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
  const indicators = [882, 800 + (id % 50)];
  const reservation = ledger.reserve({
    user: `user-${id % 7}`,
    datasets: [id],
    indicators,
    source: {
      release: { version: '3.12', systemModel: 'cutoff' },
      page: 'dataset',
      client: 'browser',
    },
  });
  process.stdout.write(`charged ${id}\n`);
  reservation?.settle([id], indicators);
  process.stdout.write(`ack ${id}\n`);
  if (id % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
}
