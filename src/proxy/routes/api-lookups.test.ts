import { describe, expect, it } from 'vitest';
import { DatasetReleasesSchema, ReleasesSchema } from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { useEmulatorHarness } from '../testing/emulator-harness';

// The API's lookups through the proxy against the emulator: the releases that hold a Dataset ID,
// and the Spold lookup (the other routes: api.test.ts, api-refusals.test.ts).
const { emulator, proxy, as, stats } = useEmulatorHarness({
  start: startTestEmulator,
  signIn: signInWithCode,
});

describe('the releases that hold a Dataset ID', () => {
  const holding = async (p: Proxy, id: number) => {
    const response = await p.app.inject({
      url: `/api/datasets/${id}/releases`,
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(200);
    return DatasetReleasesSchema.parse(response.json()).releases;
  };

  it('lists exactly the licensed releases and system models whose data holds it, in one call', async () => {
    const p = await proxy();
    const listed = ReleasesSchema.parse(
      (await p.app.inject({ url: '/api/versions', headers: as('alice') })).json(),
    ).releases.flatMap((entry) =>
      entry.system_models.map((model) => ({ version: entry.version, system_model: model })),
    );
    // A dataset of 3.11 cutoff that 3.12 cutoff no longer has, by the emulator's own data.
    const older = emulator().state.store.view('3.11', 'cutoff');
    const newer = emulator().state.store.view('3.12', 'cutoff');
    const gone = [...(older?.byId.keys() ?? [])].find((id) => !newer?.byId.has(id));
    if (gone === undefined) throw new Error('the emulator removed nothing from 3.12 cutoff');
    const expected = listed.filter((entry) =>
      emulator().state.store.view(entry.version, entry.system_model)?.byId.has(gone),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await holding(p, gone)).toEqual(expected);
    // What it read is the dataset route's own cache: the releases that hold it cost nothing again.
    const before = await stats();
    const answer = await p.app.inject({
      url: `/api/datasets/${gone}?version=3.11&system_model=cutoff`,
      headers: as('bob'),
    });
    expect(answer.statusCode).toBe(200);
    expect((await stats()).api_requests).toBe(before.api_requests);
  });

  it('answers an ID no release holds with none, and refuses a malformed one unasked', async () => {
    const p = await proxy();
    expect(await holding(p, 1_999_999_999)).toEqual([]);
    const before = await stats();
    const bad = await p.app.inject({ url: '/api/datasets/abc/releases', headers: as('alice') });
    expect(bad.statusCode).toBe(400);
    expect((await stats()).api_requests).toBe(before.api_requests);
  });
});

describe('the Spold lookup', () => {
  it('looks up a well-formed UUID of any variant, and finds nothing where nothing has it', async () => {
    const p = await proxy();
    // Hex in the 8-4-4-4-12 form, but neither an RFC 9562 version nor variant digit.
    const response = await p.app.inject({
      url: '/api/datasets/spold?version=3.12&system_model=cutoff&activity_spold_uuid=12345678-1234-0234-1234-123456789abc',
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 0, datasets: [] });
  });
});
