import { describe, expect, it } from 'vitest';
import { parseDatasetList } from '../../../shared/dataset-list';
import { ChangeReportSchema } from '../../../shared/matching/change-report';
import { mappedIds } from './entries';
import { mappingExport, mappingToCsv, mappingToDatapackage, mappingToJson } from './export';
import { loadedReport } from '../../testing/report-step';
import { ref, result, check, tableOf, doc } from '../../testing/upgrade-check';

describe('the mapping export', () => {
  const indicators = [
    {
      id: 882,
      method: 'IPCC 2021',
      category: 'climate change',
      indicator: 'GWP100',
      unit: 'kg CO2-Eq',
    },
  ];
  const scores = tableOf([
    { version: '3.10', page: { total: 2, datasets: [doc(3, [[882, 4]]), doc(4, [[882, 10]])] } },
    {
      version: '3.12',
      page: {
        total: 3,
        datasets: [doc(30, [[882, 5]]), doc(4, [[882, 10]]), doc(40, [[882, 20]])],
      },
    },
  ]);
  const followed = [{ id: 882, before: { id: 882, link: { kind: 'same' as const } } }];

  const file = (id: number) =>
    `aaaaaaaa-0000-4000-8000-${String(id).padStart(12, '0')}_bbbbbbbb-0000-4000-8000-000000000001.spold`;
  const side = (id: number, geography = 'Switzerland (CH)') =>
    `${id},aaaaaaaa-0000-4000-8000-${String(id).padStart(12, '0')},bbbbbbbb-0000-4000-8000-000000000001,${file(id)},cement production,cement,${geography},kg`;
  const split = result(4, {
    verdict: 'split',
    source: ref(4, 'cement production', 'Rest-of-World (RoW)'),
    target: ref(4, 'cement production', 'Rest-of-World (RoW)'),
    successors: [
      { dataset: ref(4, 'cement production', 'Rest-of-World (RoW)'), share: 0.8, fields: [] },
      { dataset: ref(40, 'cement production', 'France (FR)'), share: 0.2, fields: ['geography'] },
    ],
    how: 'change report',
    basis: 'change report',
    reports: ['ecoinvent change report 3.11 → 3.12'],
  });
  const withSplit = { ...check, results: [...check.results, split] };

  it('gives an XLSX a Scores sheet: a row per entry and indicator, method, category and unit, numbers as numbers', () => {
    const { tables, query } = mappingExport(
      { check, chosen: new Map([[3, 30]]), indicators, followed, scores },
      'https://explorer.example/3.12/cutoff/upgrade?from=3.10&ids=1,2,3',
    );
    expect(tables.map((table) => table.sheet)).toEqual(['Mapping', 'Scores']);
    const sheet = tables[1];
    const at = (row: readonly unknown[] | undefined, name: string) =>
      row?.[sheet?.header.indexOf(name) ?? -1];
    const chosenRow = sheet?.rows.find((row) => at(row, 'line') === 3);
    expect(at(chosenRow, '3.10_id')).toBe(3);
    expect(at(chosenRow, '3.10_score')).toBe(4);
    expect(at(chosenRow, '3.12_id')).toBe(30);
    expect(at(chosenRow, '3.12_score')).toBe(5);
    expect(at(chosenRow, 'change_percent')).toBe(25);
    expect(at(chosenRow, 'indicator_in_3.10')).toBe(882);
    expect(at(chosenRow, 'class')).toBe('successor');
    expect(at(chosenRow, 'change_against')).toBe('dataset');
    expect(sheet?.format).toBe('lci-explorer.mapping-scores/3');
    expect([at(chosenRow, 'method'), at(chosenRow, 'category'), at(chosenRow, 'unit')]).toEqual([
      'IPCC 2021',
      'climate change',
      'kg CO2-Eq',
    ]);
    expect(query.fields).toContainEqual(['From release', '3.10']);
    expect(query.link).toContain('ids=1,2,3');
  });

  it('writes old → new with both sides’ IDs, UUIDs and files, the change, its source, shares and scores', () => {
    const csv = mappingToCsv({
      check: withSplit,
      chosen: new Map([[3, 30]]),
      indicators,
      followed,
      scores,
    });
    const [header, , second, third, fourth, fifth] = csv.trimEnd().split('\n');
    expect(header).toBe(
      'line,change,same_dataset_id,3.10_id,3.10_activity_uuid,3.10_product_uuid,3.10_spold_file,3.10_activity,3.10_product,3.10_geography,3.10_unit,3.12_id,3.12_activity_uuid,3.12_product_uuid,3.12_spold_file,3.12_activity,3.12_product,3.12_geography,3.12_unit,share_percent,chosen_by_user,source,matched_by,changed_fields,candidates,882_indicator_in_3.10,882_3.10,882_3.12,882_share_weighted_mix,882_change_against,882_change_percent,882_class,882_why,format',
    );
    expect(second).toBe(
      `2,re-identified,no,${side(2)},${side(20)},,,inferred from documentation,same UUIDs,,,882,,,,dataset,,not comparable,Scores not loaded.,lci-explorer.mapping/1`,
    );
    expect(third).toBe(
      `3,no certain successor,no,${side(3)},${side(30, 'Rest-of-World (RoW)')},,yes,your choice among the candidates; candidates inferred from documentation,none,,30,882,4,5,,dataset,25,successor,"Another dataset (your choice among the candidates; no certain successor, candidates inferred from documentation).",lci-explorer.mapping/1`,
    );
    // A split: a row per part, each with its share and its own score; the change against the
    // share-weighted mix of all of them (0.8 × 10 + 0.2 × 20 = 12).
    expect(fourth).toBe(
      `4,split,yes,${side(4, 'Rest-of-World (RoW)')},${side(4, 'Rest-of-World (RoW)')},80,,ecoinvent change report 3.11 → 3.12,change report,,,882,10,10,12,share-weighted mix,20,successor,"Another dataset (split, ecoinvent change report 3.11 → 3.12).",lci-explorer.mapping/1`,
    );
    expect(fifth).toMatch(
      new RegExp(
        `^4,split,no,.*,${side(40, 'France \\(FR\\)').replace(/[.]/g, '\\.')},20,.*,882,10,20,12,share-weighted mix,20,successor,`,
      ),
    );
  });

  it('keeps the list’s unreadable and repeated lines, as the command line does', () => {
    const parsed = parseDatasetList('1\n2\n3\nnot a dataset\n1');
    if (!parsed.ok) throw new Error(parsed.error);
    const csv = mappingToCsv({
      check,
      chosen: new Map(),
      indicators: [],
      scores,
      problems: parsed.problems,
    });
    const lines = csv.trimEnd().split('\n').slice(1);
    expect(lines.map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      '1,documentation unchanged',
      '2,re-identified',
      '3,no certain successor',
      '4,unreadable',
      '5,repeated',
    ]);
  });

  it('says where a verdict without a successor comes from as the page does: a report that leaves it out', () => {
    const reported = { ...check, reports: [loadedReport('3.11', '3.12')] };
    const line3 = (csv: string) => csv.split('\n').find((row) => row.startsWith('3,')) ?? '';
    expect(
      line3(mappingToCsv({ check: reported, chosen: new Map(), indicators, followed, scores })),
    ).toContain(
      ',Not named by ecoinvent change report 3.11 → 3.12; candidates inferred from documentation,',
    );
    const json = JSON.parse(
      mappingToJson({ check: reported, chosen: new Map(), indicators, followed, scores }),
    ) as { results: { line: number; source_of_verdict: string }[] };
    expect(json.results.find((result) => result.line === 3)?.source_of_verdict).toBe(
      'Not named by ecoinvent change report 3.11 → 3.12; candidates inferred from documentation',
    );
  });

  it('writes a migration datapackage that relinking tools take: replace and disaggregate', () => {
    const renamed = result(5, {
      verdict: 'new ID',
      target: { ...ref(50), activity: 'cement production, CEM I' },
      successors: [
        {
          dataset: { ...ref(50), activity: 'cement production, CEM I' },
          share: null,
          fields: ['activity'],
        },
      ],
    });
    const { report, skipped } = mappingToDatapackage(
      { ...withSplit, results: [...withSplit.results, renamed] },
      new Map([[3, 30]]),
    );
    expect(skipped).toBe(0);
    // In the format of ecoinvent's change reports: the reader the proxy uses takes it.
    expect(ChangeReportSchema.parse(JSON.parse(JSON.stringify(report)))).toMatchObject({
      replace: [
        {
          source: {
            name: 'cement production',
            location: 'CH',
            'reference product': 'cement',
            unit: 'kg',
          },
          target: {
            name: 'cement production',
            location: 'RoW',
            'reference product': 'cement',
            unit: 'kg',
          },
        },
        {
          source: { name: 'cement production', location: 'CH' },
          target: { name: 'cement production, CEM I', location: 'CH' },
        },
      ],
      disaggregate: [
        {
          source: { name: 'cement production', location: 'RoW' },
          targets: [
            { location: 'RoW', allocation: 0.8 },
            { location: 'FR', allocation: 0.2 },
          ],
        },
      ],
    });
    // Unchanged names, and a new ID under the same names, have nothing to migrate.
    expect(report.replace).toHaveLength(2);
  });

  it('copies every ID a list maps to, a split’s every part and the user’s choices', () => {
    expect(mappedIds(withSplit.results, new Map([[3, 30]]))).toEqual([1, 20, 30, 4, 40]);
    expect(mappedIds(withSplit.results, new Map())).toEqual([1, 20, 4, 40]);
  });

  it('writes the same as JSON, exact values and nulls where there is nothing', () => {
    const json = JSON.parse(
      mappingToJson({ check, chosen: new Map(), indicators, followed, scores }),
    ) as {
      results: {
        new_id: number | null;
        source_of_verdict: string;
        mapped_to: { id: number; spold_file: string; share_percent: number | null }[];
        scores: Record<string, unknown>[];
      }[];
    };
    expect(json.results.map((r) => r.new_id)).toEqual([1, 20, null]);
    const [mapped] = json.results[1]?.mapped_to ?? [];
    expect(mapped?.id).toBe(20);
    expect(mapped?.spold_file).toMatch(/_bbbbbbbb-.*\.spold$/);
    expect(mapped?.share_percent).toBeNull();
    expect(json.results[1]?.source_of_verdict).toBe('inferred from documentation');
    expect(json.results[2]?.scores).toEqual([
      {
        indicator_id: 882,
        'indicator_in_3.10': 882,
        '3.10': 4,
        // The fixture's answers carry no provenance: said as null, never left out.
        '3.10_provenance': null,
        '3.12': [],
        share_weighted_mix: null,
        change_against: null,
        change_percent: null,
        class: 'not comparable',
        why: 'No dataset of 3.12 is named as what it became (no certain successor).',
      },
    ]);
  });
});
