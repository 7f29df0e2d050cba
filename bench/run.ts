/**
 * `npm run bench`: measurements taken side by side in one run, on this machine, each part in
 * its own processes: the emulator at full scale, the explorer in Chromium, and the proxy.
 */
import { benchEmulator } from './emulator';
import { benchProxy } from './proxy';
import { benchWeb } from './web';

for (const suite of [benchEmulator, benchWeb, benchProxy]) {
  for (const line of await suite()) console.log(line);
  console.log('');
}
