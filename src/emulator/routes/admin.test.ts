import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await buildEmulator({ config: emulatorConfigFromEnv({ EMULATOR_SCALE: '0.05' }) });
});
afterAll(() => emulator.app.close());

interface Changes {
  from: string;
  to: string;
  system_model: string;
  counts: Record<string, number>;
  rows: { from_id: number | null; to_id: number | null; kind: string; fields: string[] }[];
}

describe('GET /_emulator/changes', () => {
  it('answers what happened to each dataset between two releases, without a token', async () => {
    const response = await emulator.app.inject({
      url: '/_emulator/changes?from=3.11&to=3.12&system_model=consequential',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<Changes>();
    expect(body).toMatchObject({ from: '3.11', to: '3.12', system_model: 'consequential' });
    expect(Object.values(body.counts).reduce((a, b) => a + b, 0)).toBe(body.rows.length);
    const view = emulator.state.store.view('3.12', 'consequential');
    const toIds = new Set(body.rows.flatMap((row) => (row.to_id === null ? [] : [row.to_id])));
    expect(toIds.size).toBe(view?.datasets.length);
  });

  it('defaults to cutoff, and refuses releases out of order or unknown parameters', async () => {
    const cutoff = await emulator.app.inject({ url: '/_emulator/changes?from=3.10&to=3.12' });
    expect(cutoff.json<Changes>().system_model).toBe('cutoff');
    expect(
      (await emulator.app.inject({ url: '/_emulator/changes?from=3.12&to=3.11' })).statusCode,
    ).toBe(404);
    expect((await emulator.app.inject({ url: '/_emulator/changes?from=3.11' })).statusCode).toBe(
      422,
    );
    expect(
      (await emulator.app.inject({ url: '/_emulator/changes?from=3.11&to=3.12&x=1' })).statusCode,
    ).toBe(422);
  });
});
