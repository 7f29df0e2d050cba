import { describe, expect, it } from 'vitest';
import { ChangesSchema, type Changes } from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import { byFrom, useAcrossReleases } from '../testing/across-releases-harness';
import { proxyOnEmulator } from '../testing/emulator-proxy';
import { whenReady } from '../testing/when-ready';
import { nearestReleases } from './history-entries';

// The changes, upgrade check and history, through the real handlers against the emulator, its
// change reports loaded as `npm start` loads them; every verdict is checked against what the
// emulator records it did (GET /_emulator/changes), never against the matcher's own output. A
// quarter of the real size has every kind of change.
// Here a dataset's history, and the changes without reports; the changes and the upgrade check
// with them: across-releases.test.ts.
const { emulator, proxy, auth, truth, history } = useAcrossReleases({
  start: startTestEmulator,
  signIn: signInWithCode,
});

describe('GET /api/datasets/{id}/history', () => {
  it('finds a dataset renamed in 3.12 in every release, saying how and what changed', async () => {
    const renamed = (await truth('3.11', '3.12')).find(
      (row) => row.kind === 'renamed' && row.fields.includes('activity'),
    );
    const id = renamed?.to_id ?? 0;
    const { answer } = await history(id, 'version=3.12&system_model=cutoff');
    expect(answer.releases.map((r) => [r.version, r.verdict, r.dataset?.id])).toEqual([
      ['3.12', null, id],
      ['3.11', 'documentation changed', id],
      ['3.10', expect.any(String), id],
    ]);
    expect(answer.releases[1]?.fields).toContain('activity');
    expect(answer.releases[1]?.dataset?.activity).not.toBe(answer.releases[0]?.dataset?.activity);
  });

  it('follows a product renamed in 3.12 back to its old ID, by the change report', async () => {
    const row = (await truth('3.11', '3.12')).find((r) => r.kind === 'product-renamed');
    const { answer } = await history(row?.to_id ?? 0, 'version=3.12&system_model=cutoff');
    expect(answer.releases[1]).toMatchObject({
      version: '3.11',
      verdict: 'new ID',
      how: 'change report',
      basis: 'change report',
      reports: ['ecoinvent change report 3.11 → 3.12'],
      dataset: { id: row?.from_id },
    });
    expect(answer.releases[1]?.fields).toContain('product');
    // From 3.11, the history says the same of 3.12 as the upgrade check and the changes.
    const { answer: from311 } = await history(
      row?.from_id ?? 0,
      'version=3.11&system_model=cutoff',
    );
    expect(from311.releases[0]).toMatchObject({
      version: '3.12',
      verdict: 'new ID',
      dataset: { id: row?.to_id },
    });
  });

  it('shows a split in 3.12 with every part and its share, the same from either side', async () => {
    const rows = (await truth('3.11', '3.12')).filter((r) => r.kind === 'split');
    const source = rows[0]?.from_id ?? 0;
    const parts = rows.filter((r) => r.from_id === source);
    const { answer } = await history(source, 'version=3.11&system_model=cutoff');
    const in312 = answer.releases[0];
    expect(in312?.verdict).toBe('split');
    const shares = new Map(in312?.linked.map((l) => [l.dataset.id, l.share]));
    expect(shares.size).toBe(parts.length);
    for (const part of parts) expect(shares.get(part.to_id ?? 0)).toBeCloseTo(part.share ?? -1, 9);
    const part = parts.find((p) => p.to_id !== source) ?? parts[0];
    const { answer: back } = await history(part?.to_id ?? 0, 'version=3.12&system_model=cutoff');
    expect(back.releases[1]).toMatchObject({
      version: '3.11',
      verdict: 'split',
      dataset: { id: source },
    });
  });

  it('compares the releases nearest the one asked about, as many as the proxy holds at once', async () => {
    const listed = ['3.12', '3.11', '3.10', '3.9.1', '3.9', '3.8', '3.7.1', '3.7', '3.6'];
    expect(nearestReleases(listed, '3.12', 6)).toEqual({
      kept: ['3.12', '3.11', '3.10', '3.9.1', '3.9', '3.8'],
      omitted: ['3.7.1', '3.7', '3.6'],
    });
    expect(nearestReleases(listed, '3.9', 4)).toEqual({
      kept: ['3.10', '3.9.1', '3.9', '3.8'],
      omitted: ['3.12', '3.11', '3.7.1', '3.7', '3.6'],
    });
    // The emulator lists three: none left out.
    const { answer } = await history(8279, 'version=3.12&system_model=cutoff');
    expect(answer.omitted).toEqual([]);
  });

  it('answers 404 for a dataset the release lacks', async () => {
    await history(8279, 'version=3.12');
    const response = await proxy().app.inject({
      url: '/api/datasets/99999999/history?version=3.12',
      headers: auth(),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('without change reports', () => {
  it('infers from documentation only, says so, and names no successor it cannot be sure of', async () => {
    const bare = await proxyOnEmulator(emulator());
    try {
      const { answer } = await whenReady<Changes>(
        () =>
          bare.app.inject({
            url: '/api/changes?version=3.12&system_model=cutoff',
            headers: auth(),
          }),
        (body) => ChangesSchema.parse(body),
      );
      expect(answer.reports).toEqual([
        expect.objectContaining({ from: '3.11', to: '3.12', loaded: false, entries: 0 }),
      ]);
      const rows = await truth('3.11', '3.12');
      const fates = byFrom(rows);
      for (const row of answer.rows) {
        expect(row.basis).toBe('documentation');
        if (row.from && row.to)
          expect(fates.get(row.from.id)?.some((r) => r.to_id === row.to?.id)).toBe(true);
      }
      // A move is offered, not named: the moved dataset is among the candidates.
      const moves = rows.filter((r) => r.kind === 'moved');
      expect(moves.length).toBeGreaterThan(0);
      for (const move of moves) {
        const listed = answer.rows.find((r) => r.from?.id === move.from_id);
        expect(listed?.change).toBe('no certain successor');
        expect(listed?.candidates.map((c) => c.dataset.id)).toContain(move.to_id);
      }
    } finally {
      await bare.app.close();
    }
  });
});
