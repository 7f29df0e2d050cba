import { describe, expect, it } from 'vitest';
import { scoresToCsv } from './export';

describe('CSV export', () => {
  it('writes one row per score with exact values, quoting what needs it', () => {
    const csv = scoresToCsv(
      {
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
          },
        ],
      },
      { version: '3.12', systemModel: 'cutoff' },
    );
    const [header, row] = csv.trim().split('\n');
    expect(header).toBe(
      'version,system_model,dataset_id,activity,product,geography,reference_unit,indicator_id,method,category,indicator,score,unit,score_note,format',
    );
    expect(row).toBe(
      '3.12,cutoff,8279,"market for electricity, low voltage","electricity, low voltage",Mexico (MX),kWh,882,CML v4.8 2016,climate change,global warming potential (GWP100),1.52637e-8,kg CO2-Eq,,lci-explorer.scores/1',
    );
  });

  it('writes a score the service did not give as an empty cell and a note, never 0', () => {
    const csv = scoresToCsv(
      {
        id: 8279,
        activity: 'market for electricity, low voltage',
        product: 'electricity, low voltage',
        description: null,
        geography: 'Mexico (MX)',
        unit: 'kWh',
        time_period: null,
        activity_type: null,
        isic_section: null,
        isic_class: null,
        activity_spold_uuid: null,
        geography_spold_uuid: null,
        product_spold_uuid: null,
        sectors: [],
        url: null,
        url_history: null,
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
      },
      { version: '3.12', systemModel: 'cutoff' },
    );
    const row = csv.trim().split('\n')[1] ?? '';
    expect(
      row.endsWith(
        ',,kg CO2-Eq,no score: the data service gave none for this indicator,lci-explorer.scores/1',
      ),
    ).toBe(true);
  });
});
