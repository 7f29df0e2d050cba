import { describe, expect, it } from 'vitest';
import { followIndicators, type IndicatorDef } from './indicators';

const KG = 'kg CO2-Eq';
const GWP = 'global warming potential (GWP100)';
const def = (
  id: number,
  method: string,
  category: string,
  indicator = GWP,
  unit = KG,
): IndicatorDef => ({ id, method, category, indicator, unit });
const twin = (id: number, d: IndicatorDef): IndicatorDef => ({
  id,
  method: `${d.method} no LT`,
  category: `${d.category} no LT`,
  indicator: `${d.indicator} no LT`,
  unit: d.unit,
});

describe('following an indicator to another release', () => {
  it('keeps an indicator by its ID, and says which names were respelled', () => {
    const fates = followIndicators(
      [def(882, 'CML v4.8 2016', 'climate change')],
      [def(882, 'CML v4.8 2016', 'Climate change')],
    );
    expect(fates.get(882)?.counterpart).toMatchObject({
      indicator: { id: 882 },
      basis: 'same ID',
      differs: ['category'],
    });
  });

  it('finds the same names under another ID, but not when two indicators bear them', () => {
    const fates = followIndicators(
      [def(10, 'TRACI v2.1', 'climate change'), def(11, 'EPS 2020d', 'climate change')],
      [
        def(20, 'TRACI v2.1', 'climate change'),
        def(21, 'EPS 2020d', 'climate change'),
        def(22, 'EPS 2020d', 'climate change'),
      ],
    );
    expect(fates.get(10)?.counterpart).toMatchObject({
      indicator: { id: 20 },
      basis: 'same names',
    });
    expect(fates.get(11)?.counterpart).toBeNull();
  });

  it("follows IPCC 2021's 3.10 layout into the 3.11 one, and back, its twins alike", () => {
    const old = [
      def(1111, 'IPCC 2021', 'climate change'),
      def(1112, 'IPCC 2021', 'climate change: fossil, including SLCFs'),
      def(1113, 'IPCC 2021', 'climate change: biogenic'),
      def(1114, 'IPCC 2021', 'climate change: land use'),
      def(
        1115,
        'IPCC 2021',
        'climate change: fossil',
        'global temperature change potential (GTP100)',
      ),
    ];
    const relaid = [
      def(1024, 'IPCC 2021', 'climate change: total (excl. biogenic CO2)'),
      def(1025, 'IPCC 2021', 'climate change: total (excl. biogenic CO2, incl. SLCFs)'),
      def(1026, 'IPCC 2021', 'climate change: fossil (excl. biogenic CO2, incl. SLCFs)'),
      def(1027, 'IPCC 2021', 'climate change: biogenic (excl. CO2)'),
      def(1028, 'IPCC 2021', 'climate change: direct land use change'),
      def(1029, 'IPCC 2021', 'climate change: emissions from direct land use change'),
      def(1030, 'IPCC 2021 (incl. biogenic CO2)', 'climate change: total (incl. biogenic CO2)'),
    ];
    const forward = followIndicators(
      [...old, twin(2111, old[0] as IndicatorDef)],
      [...relaid, twin(2024, relaid[0] as IndicatorDef)],
    );
    const to = (id: number) => forward.get(id)?.counterpart?.indicator.id ?? null;
    expect(to(1111)).toBe(1024);
    expect(forward.get(1111)?.counterpart).toMatchObject({
      basis: 'renamed',
      differs: ['category'],
    });
    expect(to(1112)).toBe(1026);
    expect(to(1113)).toBe(1027);
    expect(to(2111)).toBe(2024);
    // Land use is rated differently now: no counterpart, the nearest categories offered.
    expect(to(1114)).toBeNull();
    expect(forward.get(1114)?.candidates.map((c) => c.indicator.id)).toEqual([1028, 1029]);
    // A metric the new layout dropped for the part has none, and nothing is made up.
    expect(to(1115)).toBeNull();
    expect(forward.get(1115)?.candidates).toEqual([]);

    const back = followIndicators(relaid, old);
    expect(back.get(1024)?.counterpart?.indicator.id).toBe(1111);
    expect(back.get(1030)?.counterpart).toBeNull();
  });

  it('never follows an indicator to one of other units or the other side of "no LT"', () => {
    const gwp = def(1, 'EF v3.1', 'climate change');
    const fates = followIndicators(
      [gwp, def(2, 'EF v3.1', 'acidification', 'accumulated exceedance (AE)', 'mol H+-Eq')],
      [
        twin(3, gwp),
        def(4, 'EF v3.1', 'acidification', 'accumulated exceedance (AE)', 'kg SO2-Eq'),
      ],
    );
    expect(fates.get(1)?.counterpart).toBeNull();
    expect(fates.get(2)?.counterpart).toBeNull();
  });

  it('follows a method to its next version only when the old one is gone', () => {
    const fates = followIndicators(
      [
        def(1, 'ReCiPe 2016 v1.03, midpoint (H)', 'climate change'),
        def(2, 'EF v3.0', 'climate change'),
      ],
      [
        def(5, 'ReCiPe 2016 v1.04, midpoint (H)', 'climate change'),
        def(6, 'ReCiPe 2016 v1.04, midpoint (I)', 'climate change'),
        def(7, 'EF v3.1', 'climate change'),
        def(8, 'EF v3.0', 'climate change'),
      ],
    );
    expect(fates.get(1)?.counterpart).toMatchObject({
      indicator: { id: 5 },
      basis: 'method version',
      differs: ['method'],
    });
    expect(fates.get(2)?.counterpart).toMatchObject({ indicator: { id: 8 }, basis: 'same names' });
  });

  it('offers, for a gone method, the method that names it first', () => {
    const fates = followIndicators(
      [def(1, 'EF v3.0 EN15804', 'climate change: fossil')],
      [
        def(
          2,
          'EN15804+A2 - Core impact categories and indicators',
          'climate change: fossil (EF v3.1 - IPCC 2021)',
        ),
        def(
          3,
          'EN15804+A2 - Core impact categories and indicators',
          'climate change: fossil (EF v3.0 - IPCC 2013)',
        ),
      ],
    );
    expect(fates.get(1)?.counterpart).toBeNull();
    expect(fates.get(1)?.candidates.map((c) => [c.indicator.id, c.relation])).toEqual([
      [3, 'another method, same category and indicator'],
      [2, 'another method, same category and indicator'],
    ]);
  });
});
