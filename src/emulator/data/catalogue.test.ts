import { describe, expect, it } from 'vitest';
import { DataStore } from './store';
import { score } from './scores';

// Full scale, as `npm start` serves it: the checks below are about the real sizes.
const store = DataStore.forScale(1);
const view = (version: string, model = 'cutoff') => {
  const found = store.view(version, model);
  if (!found) throw new Error(`no view ${version}/${model}`);
  return found;
};

describe('the generated database', () => {
  it('has about 19 000–22 000 datasets per cutoff release, fewer in consequential, more in apos', () => {
    for (const version of ['3.10', '3.11', '3.12']) {
      const cutoff = view(version).datasets.length;
      expect(cutoff).toBeGreaterThanOrEqual(19_000);
      expect(cutoff).toBeLessThanOrEqual(22_000);
      const consequential = view(version, 'consequential').datasets.length / cutoff;
      expect(consequential).toBeGreaterThan(0.86);
      expect(consequential).toBeLessThan(0.92);
      const apos = view(version, 'apos').datasets.length / cutoff;
      expect(apos).toBeGreaterThan(1.005);
      expect(apos).toBeLessThan(1.02);
    }
    expect(view('3.11').datasets.length).toBeGreaterThan(view('3.10').datasets.length);
    expect(view('3.12').datasets.length).toBeGreaterThan(view('3.11').datasets.length);
  });

  it('keeps most Dataset IDs from one release to the next, with the real rates of change', () => {
    const before = new Set(view('3.10').datasets.map((d) => d.id));
    const after = view('3.11');
    const kept = after.datasets.filter((d) => before.has(d.id)).length;
    expect(kept / before.size).toBeGreaterThan(0.97);
    const retired = [...before].filter((id) => !after.byId.has(id)).length / before.size;
    expect(retired).toBeGreaterThan(0.01);
    expect(retired).toBeLessThan(0.03);
    const kinds = [...after.release.changes.values()];
    const share = (kind: string) => kinds.filter((k) => k === kind).length / before.size;
    expect(share('updated')).toBeGreaterThan(0.15);
    expect(share('updated')).toBeLessThan(0.25);
    expect(share('new')).toBeGreaterThan(0.03);
    for (const kind of ['renamed', 'product-renamed', 'moved', 'split', 'merged', 're-identified'])
      expect(share(kind)).toBeGreaterThan(0);
  });

  it('gives a re-identified dataset a new ID and keeps its activity, product and geography', () => {
    const old = view('3.11');
    const next = view('3.12');
    const reidentified = next.datasets.filter(
      (d) => next.release.changes.get(d.id) === 're-identified',
    );
    expect(reidentified.length).toBeGreaterThan(10);
    for (const record of reidentified) {
      const [origin, ...more] = next.release.origins.get(record.id) ?? [];
      expect(more).toEqual([]);
      const was = old.byId.get(origin ?? 0);
      expect(next.byId.has(origin ?? 0)).toBe(false);
      expect(was?.activityUuid).toBe(record.activityUuid);
      expect(was?.productUuid).toBe(record.productUuid);
      expect(was?.geography.code).toBe(record.geography.code);
    }
  });

  it('keeps a persisting dataset’s ID and Spold UUIDs, and gives a moved one a new ID', () => {
    const old = view('3.10');
    const next = view('3.11');
    for (const record of next.datasets
      .filter((d) => next.release.changes.get(d.id) === 'persisted')
      .slice(0, 200)) {
      const was = old.byId.get(record.id);
      expect(was?.activityUuid).toBe(record.activityUuid);
      expect(was?.productUuid).toBe(record.productUuid);
    }
    for (const record of next.datasets.filter((d) => next.release.changes.get(d.id) === 'moved')) {
      expect(old.byId.has(record.id)).toBe(false);
    }
  });

  it('shares Dataset IDs between system models', () => {
    const cutoff = view('3.12');
    for (const record of view('3.12', 'consequential').datasets.slice(0, 500)) {
      expect(cutoff.byId.get(record.id)?.activityUuid).toBe(record.activityUuid);
    }
  });

  it('pins the real IDs of Mexico’s electricity markets', () => {
    for (const version of ['3.10', '3.11', '3.12']) {
      expect(view(version).byId.get(8279)?.activity).toBe('market for electricity, low voltage');
      expect(view(version).byId.get(2989)?.activity).toBe('market for electricity, high voltage');
      expect(view(version).byId.get(7773)?.geography.display).toBe('Mexico (MX)');
    }
  });

  it('rates a dataset’s GWP100 alike in EF v3.1, IPCC 2021, CML and ReCiPe (H)', () => {
    const release = view('3.12');
    const id = (
      method: string,
      category: string,
      indicator = 'global warming potential (GWP100)',
    ) => {
      const found = release.indicators.find(
        (i) => i.method === method && i.category === category && i.indicator === indicator,
      );
      if (!found) throw new Error(`${method} ${category}`);
      return found.id;
    };
    const ids = {
      ef31: id('EF v3.1', 'climate change'),
      ipcc: id('IPCC 2021', 'climate change: total (excl. biogenic CO2)'),
      cml: id('CML v4.8 2016', 'climate change'),
      recipe: id(
        'ReCiPe 2016 v1.03, midpoint (H)',
        'climate change',
        'global warming potential (GWP100)',
      ),
    };
    for (const record of release.datasets.filter((_, i) => i % 97 === 0)) {
      const of = (indicator: number) =>
        score(
          record,
          indicator,
          release.indicatorById.get(indicator)?.model ?? { kind: 'other' },
          'cutoff',
        );
      const ipcc = of(ids.ipcc);
      expect(Math.abs(of(ids.ef31) / ipcc - 1)).toBeLessThanOrEqual(0.011);
      expect(Math.abs(of(ids.cml) / ipcc - 1)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(of(ids.recipe) / ipcc - 1)).toBeLessThanOrEqual(0.1);
    }
  });

  it('gives scores with 6 significant digits, the same every time', () => {
    const release = view('3.11', 'apos');
    for (const record of release.datasets.filter((_, i) => i % 211 === 0)) {
      for (const indicator of release.indicators.filter((_, i) => i % 17 === 0)) {
        const entry = release.indicatorById.get(indicator.id);
        if (!entry) continue;
        const value = score(record, indicator.id, entry.model, 'apos');
        expect(Number.isFinite(value)).toBe(true);
        expect(Number(value.toPrecision(6))).toBe(value);
        expect(score(record, indicator.id, entry.model, 'apos')).toBe(value);
      }
    }
  });

  it('keeps low-voltage electricity at least as carbon-intensive as medium and high voltage', () => {
    const release = view('3.12');
    const gwp = release.indicatorById.get(882);
    if (!gwp) throw new Error('no 882');
    const markets = release.datasets.filter((d) =>
      /^market for electricity, (low|medium|high) voltage$/.test(d.activity),
    );
    const byGeography = new Map<string, Record<string, number>>();
    for (const record of markets) {
      const level = /(low|medium|high)/.exec(record.activity)?.[1] ?? '';
      const entry = byGeography.get(record.geography.code) ?? {};
      entry[level] = score(record, 882, gwp.model, 'cutoff');
      byGeography.set(record.geography.code, entry);
    }
    let compared = 0;
    for (const levels of byGeography.values()) {
      if (levels.low !== undefined && levels.medium !== undefined && levels.high !== undefined) {
        compared++;
        expect(levels.low).toBeGreaterThanOrEqual(levels.medium);
        expect(levels.medium).toBeGreaterThanOrEqual(levels.high);
      }
    }
    expect(compared).toBeGreaterThan(10);
  });
});
