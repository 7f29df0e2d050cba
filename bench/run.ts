/**
 * `npm run bench`: measurements taken side by side in one run, on this machine, each part in
 * its own processes: the emulator at full scale, the explorer in Chromium, and the proxy.
 * `npm run bench -- proxy` (or `emulator`, `web`, `history`, `memory`, `vitals`, `bytes`, `side`)
 * runs one suite.
 */
import { benchEmulator } from './emulator';
import { benchHistory } from './history';
import { benchMemory } from './memory';
import { benchProxy } from './proxy';
import { benchVitals } from './vitals';
import { benchBytes } from './vitals-bytes';
import { benchSide } from './vitals-side';
import { benchWeb } from './web';

const SUITES = {
  emulator: benchEmulator,
  web: benchWeb,
  proxy: benchProxy,
  history: benchHistory,
  memory: benchMemory,
  vitals: benchVitals,
  bytes: benchBytes,
  side: benchSide,
};
/** Run only when named: a comparison with another commit's build. */
const ON_REQUEST = new Set(['side']);
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in SUITES));
if (unknown.length > 0) {
  console.error(
    `npm run bench: no suite named ${unknown.join(', ')}; choose from ${Object.keys(SUITES).join(', ')}.`,
  );
  process.exit(2);
}
for (const [name, suite] of Object.entries(SUITES)) {
  if (chosen.length > 0 ? !chosen.includes(name) : ON_REQUEST.has(name)) continue;
  for (const line of await suite()) console.log(line);
  console.log('');
}
