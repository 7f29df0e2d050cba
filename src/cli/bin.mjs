#!/usr/bin/env node
// `npx lci-explorer` from the repository: the command line runs from its TypeScript sources.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
await main();
