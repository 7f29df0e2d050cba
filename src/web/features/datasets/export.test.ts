import { describe, expect, it } from 'vitest';
import { readSavedScores } from '../../../shared/scores/read';
import { scoresToCsv } from './export';
import { aDataset } from '../../testing/datasets';

const provenance = {
  service: 'demo data',
  retrieved_at: '2026-11-28T20:06:37.123Z',
  explorer_version: '0.1.0',
  digest: `sha256:${'ab'.repeat(32)}`,
};

describe('CSV export', () => {
  it('writes one row per score with exact values, quoting what needs it', () => {
    const csv = scoresToCsv(
      aDataset({
        id: 8279,
        activity: 'market for electricity, low voltage',
        product: 'electricity, low voltage',
        description: '',
        geography: 'Mexico (MX)',
        unit: 'kWh',
        time_period: '2020-2025',
        activity_type: 'market activity',
        isic_section: 'D - x',
        isic_class: '3510 - x',
        activity_spold_uuid: '00000000-0000-4000-8000-000000000001',
        geography_spold_uuid: '00000000-0000-4000-8000-000000000002',
        product_spold_uuid: '00000000-0000-4000-8000-000000000003',
        sectors: ['Electricity'],
        url: 'http://x.test/a',
        url_history: 'http://x.test/b',
        impact_scores: [
          {
            id: 882,
            score: 1.52637e-8,
            unit: 'kg CO2-Eq',
            method: 'CML v4.8 2016',
            category: 'climate change',
            indicator: 'global warming potential (GWP100)',
            provenance,
          },
        ],
      }),
      { version: '3.12', systemModel: 'cutoff' },
    );
    const [header, row] = csv.trim().split('\n');
    expect(header).toBe(
      'version,system_model,dataset_id,activity,product,geography,reference_unit,indicator_id,method,category,indicator,score,unit,score_note,activity_uuid,product_uuid,file_name,service,retrieved_at,explorer_version,evidence_digest,format',
    );
    expect(row).toBe(
      `3.12,cutoff,8279,"market for electricity, low voltage","electricity, low voltage",Mexico (MX),kWh,882,CML v4.8 2016,climate change,global warming potential (GWP100),1.52637e-8,kg CO2-Eq,,00000000-0000-4000-8000-000000000001,00000000-0000-4000-8000-000000000003,00000000-0000-4000-8000-000000000001_00000000-0000-4000-8000-000000000003.spold,demo data,2026-11-28T20:06:37.123Z,0.1.0,sha256:${'ab'.repeat(32)},lci-explorer.scores/2`,
    );
    // Read back as `npx lci-explorer verify` reads it: the row a check of its evidence takes.
    expect(readSavedScores(csv)).toEqual({
      kind: 'csv',
      format: 'lci-explorer.scores/2',
      rows: [
        {
          row: 2,
          service: 'demo data',
          version: '3.12',
          system_model: 'cutoff',
          dataset_id: 8279,
          activity_uuid: '00000000-0000-4000-8000-000000000001',
          product_uuid: '00000000-0000-4000-8000-000000000003',
          indicator_id: 882,
          score: 1.52637e-8,
          unit: 'kg CO2-Eq',
          retrieved_at: provenance.retrieved_at,
          digest: provenance.digest,
        },
      ],
    });
  });

  it('writes a score the service did not give as an empty cell and a note, never 0', () => {
    const csv = scoresToCsv(
      aDataset({
        id: 8279,
        activity: 'market for electricity, low voltage',
        product: 'electricity, low voltage',
        geography: 'Mexico (MX)',
        unit: 'kWh',
        impact_scores: [
          {
            id: 882,
            score: null,
            unit: 'kg CO2-Eq',
            method: 'CML v4.8 2016',
            category: 'climate change',
            indicator: 'global warming potential (GWP100)',
          },
        ],
      }),
      { version: '3.12', systemModel: 'cutoff' },
    );
    const row = csv.trim().split('\n')[1] ?? '';
    expect(
      row.endsWith(
        ',,kg CO2-Eq,no score: the data service gave none for this indicator,,,,,,,,lci-explorer.scores/2',
      ),
    ).toBe(true);
  });
});
