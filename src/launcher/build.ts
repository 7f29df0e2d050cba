import path from 'node:path';
import { buildSpa } from './spa-build';

/**
 * `npm run build`: the SPA into dist/, with the stamp of the sources it was built from, so the
 * launchers (`npm start`, the journeys' stacks) serve it as it is instead of building it again.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
await buildSpa(ROOT, path.join(ROOT, 'dist'));
