import { describe, expect, it } from 'vitest';
import { parseLookupKey } from './lookup';

const A = 'ff12345a-1234-5678-9abc-123456789abc';
const P = 'EE12345A-1234-5678-9ABC-123456789ABC';

describe('lookup keys', () => {
  it('reads a Dataset ID', () => {
    expect(parseLookupKey(' 8279 ')).toEqual({ kind: 'dataset-id', id: 8279 });
  });

  it('reads a UUID in any case', () => {
    expect(parseLookupKey(P)).toEqual({ kind: 'uuid', uuid: P.toLowerCase() });
  });

  it('reads an ecoSpold file name, with or without .spold and a folder', () => {
    const expected = { kind: 'spold-file', activityUuid: A, productUuid: P.toLowerCase() };
    expect(parseLookupKey(`${A}_${P}.spold`)).toEqual(expected);
    expect(parseLookupKey(`${A}_${P}`)).toEqual(expected);
    expect(parseLookupKey(`C:\\exports\\${A}_${P}.SPOLD`)).toEqual(expected);
  });

  it.each([
    ['', /Type a Dataset ID/],
    ['0', /not a Dataset ID/],
    ['99999999999', /not a Dataset ID/],
    ['market for cement', /dataset search/],
    [`${A}.spold`, /two UUIDs/],
    [`${A}_notauuid`, /neither/],
  ])('explains why %j is not a key', (input, reason) => {
    const parsed = parseLookupKey(input);
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.reason).toMatch(reason);
  });

  it.each([
    '<script>alert(1)</script>',
    'a/b\\c.txt',
    `market for electricity, low voltage, ${'very '.repeat(30)}long`,
  ])('echoes %j whole in its reason', (input) => {
    const parsed = parseLookupKey(input);
    expect(parsed.kind === 'invalid' && parsed.reason).toContain(`"${input}"`);
  });
});
