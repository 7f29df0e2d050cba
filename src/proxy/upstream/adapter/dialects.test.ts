import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetPageSchema, DatasetSchema, type Dataset } from '../../../shared/api/schemas';
import { signInWithCode } from '../../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../../emulator/testing/start';
import type { Proxy } from '../../app';
import { proxyOnEmulator, TEST_CLIENT } from '../../testing/emulator-proxy';

// The same data served in both of the emulator's dialects reads the same through the proxy:
// the adapter absorbs every shape, and the explorer sees one API.
type Side = {
  emulator: Awaited<ReturnType<typeof startTestEmulator>>;
  proxy: Proxy;
  token: string;
};
const sides: Record<'documented' | 'variant', Side> = {} as Record<'documented' | 'variant', Side>;

beforeAll(async () => {
  for (const dialect of ['documented', 'variant'] as const) {
    const emulator = await startTestEmulator({ ...TEST_CLIENT, EMULATOR_DIALECT: dialect });
    const proxy = await proxyOnEmulator(emulator);
    const { access_token: token } = await signInWithCode({
      emulatorOrigin: emulator.origin,
      redirectOrigin: 'http://spa.test',
    });
    sides[dialect] = { emulator, proxy, token };
  }
});
afterAll(async () => {
  for (const side of Object.values(sides)) {
    await side.proxy.app.close();
    await side.emulator.close();
  }
});

async function both(url: string, init: { method?: 'POST'; payload?: unknown } = {}) {
  const answers = [];
  for (const side of [sides.documented, sides.variant]) {
    const response = await side.proxy.app.inject({
      url,
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${side.token}` },
      ...(init.payload === undefined ? {} : { payload: init.payload as object }),
    });
    expect(response.statusCode, url).toBe(200);
    answers.push(response.json<unknown>());
  }
  return answers as [unknown, unknown];
}

/** Each emulator links to its own origin; the path is what must agree. */
/**
 * A dataset as the two emulators agree on it: their links without their origins, and the
 * provenance of scored answers left out (each proxy names its own service, time and digest).
 */
const local = ({ provenance: _provenance, ...dataset }: Dataset): Dataset => ({
  ...dataset,
  url: dataset.url?.replace(/^https?:\/\/[^/]+/, '') ?? null,
  url_history: dataset.url_history?.replace(/^https?:\/\/[^/]+/, '') ?? null,
});

/** The variant leaves some text out (its README says which); everything else must agree. */
function withoutVariantNulls(documented: Dataset, variant: Dataset): Dataset {
  const merged = local(documented);
  for (const field of ['description', 'isic_class', 'time_period'] as const)
    if (variant[field] === null) merged[field] = null;
  return merged;
}

describe('the emulator’s two dialects through the proxy', () => {
  it('list the same releases, latest and indicators', async () => {
    const [a, b] = await both('/api/versions');
    expect(b).toEqual(a);
    const [c, d] = await both('/api/indicators?version=3.12&system_model=cutoff');
    expect(d).toEqual(c);
    expect((c as { indicators: unknown[] }).indicators.length).toBeGreaterThan(100);
  });

  it('answer the same searches, page after page', async () => {
    for (const query of ['limit=20', 'limit=20&from=20', 'query=electricity&limit=10&from=10']) {
      const [a, b] = await both(`/api/datasets?version=3.12&system_model=cutoff&${query}`);
      expect(b).toEqual(a);
    }
  });

  it('answer the same dataset documents, scores and lookups, but for what the variant leaves out', async () => {
    const ids = [8279, 2989, 7773, 18, 31, 70, 152];
    const [a, b] = await both('/api/datasets/batch?version=3.12&system_model=cutoff&limit=100', {
      method: 'POST',
      payload: { dataset_ids: ids },
    });
    const documented = DatasetPageSchema.parse(a).datasets;
    const variant = DatasetPageSchema.parse(b).datasets;
    expect(variant.map((d) => d.id)).toEqual(documented.map((d) => d.id));
    variant.forEach((dataset, i) => {
      const expected = documented[i];
      if (expected) expect(local(dataset)).toEqual(withoutVariantNulls(expected, dataset));
    });
    expect(
      variant.some(
        (d) => d.description === null || d.time_period === null || d.isic_class === null,
      ),
    ).toBe(true);

    const [one, other] = await both('/api/datasets/8279?version=3.12&indicator_ids=882,964');
    expect(local(DatasetSchema.parse(other))).toEqual(local(DatasetSchema.parse(one)));
    expect(DatasetSchema.parse(one).impact_scores).toHaveLength(2);

    const uuid = DatasetSchema.parse(one).activity_spold_uuid ?? '';
    const [x, y] = await both(`/api/datasets/spold?version=3.12&activity_spold_uuid=${uuid}`);
    expect(DatasetPageSchema.parse(y).datasets.map((d) => d.id)).toEqual(
      DatasetPageSchema.parse(x).datasets.map((d) => d.id),
    );
  });
});
