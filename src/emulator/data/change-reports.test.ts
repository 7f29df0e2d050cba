import { describe, expect, it } from 'vitest';
import { geographyRelation } from '../../shared/geographies/tree';
import { ChangeReportSchema, type ReportKey } from '../../shared/matching/change-report';
import { changeReport, REPORT_LEFT_OUT, reportPairs } from './change-reports';
import { groundTruth } from './ground-truth';
import { DataStore } from './store';

// Full scale, as `npm start` publishes them: the counts below are about the real sizes.
const store = DataStore.forScale(1);
const reportOf = (from: string, to: string, systemModel = 'cutoff') => {
  const report = changeReport(store, { from, to, systemModel });
  if (!report) throw new Error(`no report ${from} → ${to}`);
  // As a reader gets it: JSON, checked against the format.
  return ChangeReportSchema.parse(JSON.parse(JSON.stringify(report)));
};
const changed = (a: ReportKey, b: ReportKey) =>
  (['name', 'location', 'reference product', 'unit'] as const)
    .filter((field) => a[field] !== b[field])
    .join('+');

describe('the change reports the emulator publishes', () => {
  it('has one per release after the first and system model, named as ecoinvent_migrate names them', () => {
    expect(reportPairs()).toHaveLength(8);
    expect(reportOf('3.11', '3.12').name).toBe('ecoinvent-3.11-cutoff-ecoinvent-3.12-cutoff');
    expect(
      changeReport(store, { from: '3.10', to: '3.12', systemModel: 'cutoff' }),
    ).toBeUndefined();
  });

  it('changes the database as ecoinvent’s releases do: the real reports’ kinds and rates', () => {
    for (const [from, to] of [
      ['3.10', '3.11'],
      ['3.11', '3.12'],
    ] as const) {
      const report = reportOf(from, to);
      // The real reports: 250–520 replacements and 77–183 disaggregations a release.
      expect(report.replace.length).toBeGreaterThan(250);
      expect(report.replace.length).toBeLessThan(650);
      expect(report.disaggregate.length).toBeGreaterThanOrEqual(77);
      expect(report.disaggregate.length).toBeLessThanOrEqual(183);
      const kinds = new Map<string, number>();
      for (const entry of report.replace) {
        const kind = changed(entry.source, entry.target);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      // As in 3.9.1 → 3.10: names most, then locations, then names with products.
      const share = (kind: string) => (kinds.get(kind) ?? 0) / report.replace.length;
      expect(share('name')).toBeGreaterThan(0.35);
      expect(share('location')).toBeGreaterThan(0.2);
      expect(share('name+reference product')).toBeGreaterThan(0.05);
      expect(share('name+location')).toBeGreaterThan(0.01);
      expect(share('reference product')).toBeGreaterThan(0.01);
    }
  });

  it('moves datasets along the geography tree, never to an unrelated geography', () => {
    const moves = new Map<string, number>();
    for (const entry of [
      ...reportOf('3.10', '3.11').replace,
      ...reportOf('3.11', '3.12').replace,
    ]) {
      if (entry.source.location === entry.target.location) continue;
      const relation = geographyRelation(entry.source.location, entry.target.location);
      expect(relation, `${entry.source.location} → ${entry.target.location}`).not.toBe('other');
      const move = `${entry.source.location} → ${entry.target.location}`;
      moves.set(move, (moves.get(move) ?? 0) + 1);
    }
    for (const real of ['Europe without Switzerland → RoE', 'RoW → GLO'])
      expect(moves.get(real), real).toBeGreaterThan(0);
    // Countries folded into a rest-of geography or their continent, provinces into a country.
    const count = (test: (from: string, to: string) => boolean) =>
      [...moves].filter(([move]) => test(...(move.split(' → ') as [string, string]))).length;
    expect(
      count((from, to) => /^[A-Z]{2}$/.test(from) && ['RoE', 'RoW'].includes(to)),
    ).toBeGreaterThan(3);
    expect(count((from, to) => /^[A-Z]{2}-/.test(from) && /^[A-Z]{2}$/.test(to))).toBeGreaterThan(
      0,
    );
  });

  it('splits mostly RoW and GLO, carving geographies out of them, with shares adding up to 1', () => {
    const { disaggregate } = reportOf('3.11', '3.12');
    const fromWorld = disaggregate.filter((entry) =>
      ['RoW', 'GLO'].includes(entry.source.location),
    );
    expect(fromWorld.length / disaggregate.length).toBeGreaterThan(0.7);
    const fanOut = new Map<number, number>();
    for (const entry of disaggregate) {
      const total = entry.targets.reduce((sum, target) => sum + target.allocation, 0);
      expect(total).toBeCloseTo(1, 9);
      fanOut.set(entry.targets.length, (fanOut.get(entry.targets.length) ?? 0) + 1);
      for (const target of entry.targets) {
        const relation = geographyRelation(entry.source.location, target.location);
        // The remainder (RoW, or RoE for Europe) and what is carved out of the source.
        expect(
          ['same', 'world', 'rest', 'carved out'],
          `${entry.source.location} → ${target.location}`,
        ).toContain(relation);
      }
    }
    // As the real fan-out: two targets most often, some of ten or more.
    expect(fanOut.get(2)).toBeGreaterThan(disaggregate.length * 0.3);
    expect([...fanOut.keys()].some((n) => n >= 10)).toBe(true);
  });

  it('tells what the generator recorded, leaving out about the stated share of it', () => {
    for (const systemModel of ['cutoff', 'consequential']) {
      const report = reportOf('3.11', '3.12', systemModel);
      const before = store.view('3.11', systemModel);
      const after = store.view('3.12', systemModel);
      const truth = groundTruth(store, '3.11', '3.12', systemModel) ?? [];
      const find = (view: typeof before, key: ReportKey) =>
        view?.datasets.find(
          (d) =>
            d.activity === key.name &&
            d.geography.code === key.location &&
            d.product === key['reference product'] &&
            d.unit === key.unit,
        );
      const listed = new Set<string>();
      for (const entry of report.replace) {
        const source = find(before, entry.source);
        const target = find(after, entry.target);
        expect(truth.some((row) => row.from_id === source?.id && row.to_id === target?.id)).toBe(
          true,
        );
        listed.add(`${source?.id}>${target?.id}`);
      }
      for (const entry of report.disaggregate) {
        const source = find(before, entry.source);
        for (const target of entry.targets) {
          const row = truth.find(
            (r) => r.from_id === source?.id && r.to_id === find(after, target)?.id,
          );
          expect(row?.kind).toBe('split');
          expect(row?.share).toBeCloseTo(target.allocation, 9);
        }
        listed.add(`${source?.id}`);
      }
      // Changes a report can tell (a name or the location changed) that it leaves out; a merge
      // into a dataset with the source's own names is not one (inference finds it by names).
      const names = (
        record: { activity: string; product: string; geography: { code: string } } | undefined,
      ) => (record ? `${record.activity}|${record.product}|${record.geography.code}` : '');
      const tellable = truth.filter(
        (row) =>
          row.from_id !== null &&
          row.to_id !== null &&
          ['moved', 'product-renamed', 'merged', 'split'].includes(row.kind) &&
          names(before?.byId.get(row.from_id)) !== names(after?.byId.get(row.to_id)),
      );
      const left = tellable.filter((row) =>
        row.kind === 'split'
          ? !listed.has(`${row.from_id}`)
          : !listed.has(`${row.from_id}>${row.to_id}`),
      );
      expect(left.length).toBeGreaterThan(0);
      expect(left.length / tellable.length).toBeLessThan(REPORT_LEFT_OUT * 4);
    }
  });
});
