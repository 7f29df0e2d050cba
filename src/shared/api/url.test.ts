import { describe, expect, it } from 'vitest';
import { API, type ParamsOf, type QueryOf, type RouteName } from './routes';
import { apiUrl } from './url';

/** What a server makes of a query string: one value per name, repeated names as a list. */
function parseQuery(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(url, 'http://x').searchParams) {
    const seen = out[key];
    out[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return out;
}

function roundTrip<K extends RouteName>(name: K, query: QueryOf<K>, params?: ParamsOf<K>) {
  const url = apiUrl(name, { query, ...(params ? { params } : {}) });
  return API[name].query.parse(parseQuery(url));
}

// The explorer builds its calls from the same table the proxy parses them with: whatever it
// sends must come back as it was meant.
describe('apiUrl', () => {
  it('writes every route’s parameters so the proxy reads them back unchanged', () => {
    const release = { version: '3.12', system_model: 'cutoff' };
    const search = {
      ...release,
      query: 'market for electricity, high voltage',
      geography: 'Côte d’Ivoire (CI)',
      activity_type: 'MARKET_GROUP' as const,
      sector: 'Electricity & heat',
      isic_section: 'D - Electricity, gas, steam and air conditioning supply',
      from: 40,
      limit: 20,
    };
    expect(roundTrip('search', search)).toEqual(search);
    const scored = { ...release, indicator_ids: [882, 964, 990] };
    expect(roundTrip('dataset', scored, { id: 8279 })).toEqual(scored);
    const spold = { ...release, activity_spold_uuid: 'ff12345a-1234-5678-9abc-123456789abc' };
    expect(roundTrip('spold', spold)).toEqual(spold);
    expect(roundTrip('batch', { ...release, limit: 100 })).toEqual({ ...release, limit: 100 });
  });

  it('fills the path from its parameters, encoded, and keeps lists readable', () => {
    expect(apiUrl('dataset', { params: { id: 8279 }, query: { indicator_ids: [882, 990] } })).toBe(
      '/api/datasets/8279?indicator_ids=882,990',
    );
    expect(apiUrl('versions')).toBe('/api/versions');
  });
});
