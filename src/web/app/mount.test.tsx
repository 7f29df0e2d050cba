import { waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../shared/config';
import { mountExplorer } from './mount';

const CONFIG: PublicConfig = {
  auth: { mode: 'none' },
  dataService: { emulated: true, name: 'demo data', spoldLookup: true, sectorIndex: true },
  explorer: { version: '0.1.0' },
  licence: { holder: null },
  limits: { requestsPerMinute: 600, concurrentCalls: 8, queuedCalls: 500, queueSeconds: 10 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

it('asks for the releases before React has drawn anything', async () => {
  const element = document.body.appendChild(document.createElement('div'));
  // Each address the explorer asks for, with whether anything was drawn by then.
  const asked: { path: string; drawn: boolean }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | Request) => {
      const path = typeof input === 'string' ? input : input.url;
      asked.push({ path, drawn: element.childElementCount > 0 });
      // No answer: what is measured is when each question leaves.
      return new Promise<Response>(() => undefined);
    }),
  );
  window.history.replaceState({}, '', '/3.12/cutoff');

  mountExplorer(element, { config: CONFIG });

  await waitFor(() => expect(element.childElementCount).toBeGreaterThan(0));
  expect(asked).toContainEqual({ path: '/api/versions', drawn: false });
});
