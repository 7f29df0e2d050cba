import { describe, expect, it } from 'vitest';
import type { Dataset, Releases } from '../../shared/api/schemas';
import type { ReleaseRef } from '../upstream/adapter';
import { createAcrossReleases } from './across-releases';
import { createReleaseData } from './release-data';

// "The release before" by version, wherever the licence's listing puts it: the proxy decides it
// as the SPA does (src/shared/versions.ts). Releases of one dataset each, read from fakes of the
// data service's search and batch.
const caller = { userId: 'user', requestId: 'request' };

const dataset = (version: string): Dataset => ({
  id: 1,
  activity: 'electricity production, hydro',
  product: 'electricity, high voltage',
  description: `As in ${version}.`,
  geography: 'Mexico (MX)',
  unit: 'kWh',
  time_period: '2020-2023',
  activity_type: 'ordinary transforming activity',
  isic_section: 'D - Electricity, gas, steam and air conditioning supply',
  isic_class: '3510 - Electric power generation, transmission and distribution',
  activity_spold_uuid: '00000000-0000-4000-8000-000000000001',
  geography_spold_uuid: '00000000-0000-4000-8000-000000000002',
  product_spold_uuid: '00000000-0000-4000-8000-000000000003',
  sectors: ['Electricity'],
  url: null,
  url_history: null,
  impact_scores: [],
});

/** The cross-release service on releases of cutoff listed in this order. */
function acrossReleases(versions: readonly string[]) {
  const data = createReleaseData({
    searchPage: async (_caller, _release, input) => ({
      total: 1,
      results:
        input.from > 0
          ? []
          : [
              {
                name: 'electricity production, hydro',
                activity_type: 'ordinary transforming activity',
                products: [
                  {
                    name: 'electricity, high voltage',
                    unit: 'kWh',
                    datasets: [{ id: 1, geography: 'Mexico (MX)' }],
                  },
                ],
              },
            ],
    }),
    documents: async (_caller, release) => ({ total: 1, datasets: [dataset(release.version)] }),
  });
  const listing: Releases = {
    latest: '3.12',
    releases: versions.map((version) => ({
      version,
      system_models: ['cutoff'],
      release_date: null,
      kind: 'release',
    })),
  };
  return createAcrossReleases({ data, listed: async () => listing });
}

/** The changes with no `from`, asked again while the releases are read, as the explorer does. */
async function changesTo(service: ReturnType<typeof acrossReleases>, to: ReleaseRef) {
  for (let attempt = 0; attempt < 500; attempt++) {
    const changes = await service.changes(caller, to, undefined);
    if (changes.status === 'ready') return changes;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('never ready');
}

describe('the release before', () => {
  it('compares with the release just before by default, whatever order /versions lists them in', async () => {
    const listings = [
      ['3.12', '3.11', '3.10'],
      ['3.10', '3.11', '3.12'],
      ['3.11', '3.12', '3.10'],
    ];
    for (const listing of listings) {
      const service = acrossReleases(listing);
      const changes = await changesTo(service, { version: '3.12', systemModel: 'cutoff' });
      expect({ listing, from: changes.from }).toEqual({
        listing,
        from: { version: '3.11', systemModel: 'cutoff' },
      });
      expect(changes.answer()).toMatchObject({ from: '3.11', to: '3.12' });
      // The oldest has none before it, wherever it is listed.
      await expect(
        service.changes(caller, { version: '3.10', systemModel: 'cutoff' }, undefined),
      ).rejects.toMatchObject({
        status: 404,
        message: expect.stringContaining('no release before 3.10') as string,
      });
    }
  });
});
