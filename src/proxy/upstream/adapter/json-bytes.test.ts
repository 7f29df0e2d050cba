import { describe, expect, it } from 'vitest';
import { parseJsonBytes } from './json-bytes';

/** What the proxy read before: the whole body decoded as UTF-8, then parsed. */
const plain = (body: Buffer): unknown => JSON.parse(body.toString('utf8')) as unknown;

/** Both readings of the same bytes: equal values, or the same failure. */
function expectSame(body: Buffer) {
  let expected: { value: unknown } | { error: string };
  try {
    expected = { value: plain(body) };
  } catch (error) {
    expected = { error: (error as Error).name };
  }
  let actual: typeof expected;
  try {
    actual = { value: parseJsonBytes(body) };
  } catch (error) {
    actual = { error: (error as Error).name };
  }
  expect(actual).toStrictEqual(expected);
  return actual;
}

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('reading JSON from the data service’s bytes', () => {
  it('reads names in any script as the whole body decoded would', () => {
    const answer = {
      datasets: [
        { id: 1, geography: 'Anhui (安徽)', unit: 'm²', description: 'µg, °C, “quoted” – dash' },
        { id: 2, geography: 'Île-de-France', emoji: '🏭 plant', plain: 'ascii only' },
      ],
      total: 2,
    };
    const { value } = expectSame(Buffer.from(JSON.stringify(answer))) as { value: unknown };
    expect(value).toEqual(answer);
  });

  it('decodes keys too, keeping their order, and a "__proto__" key stays a key', () => {
    const body = Buffer.from('{"a":1,"名前":"値","__proto__":{"x":"ü"},"z":["é",{"ö":null}]}');
    const { value } = expectSame(body) as { value: Record<string, unknown> };
    expect(Object.keys(value)).toEqual(['a', '名前', '__proto__', 'z']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
  });

  it('reads escapes beside raw characters as JSON.parse does', () => {
    // \u00e9 parses to a character the fast reading would take for a UTF-8 byte.
    expectSame(Buffer.from('{"a":"caf\\u00e9 and café","b":"\\u2013 – \\ud83c\\udfed"}'));
    expectSame(Buffer.from('["\\u00c3\\u00a9", "Ã©"]'));
  });

  it('turns broken UTF-8 into the same replacement characters', () => {
    const broken = Buffer.concat([
      Buffer.from('{"a":"x'),
      Buffer.from([0xc3]),
      Buffer.from('","b":"'),
      Buffer.from([0xe5, 0xae]),
      Buffer.from('y","c":"'),
      Buffer.from([0xff, 0xfe, 0x80]),
      Buffer.from('"}'),
    ]);
    const { value } = expectSame(broken) as { value: Record<string, string> };
    expect(value.a).toBe('x\ufffd');
  });

  it('refuses what JSON.parse refuses, with the same error', () => {
    for (const text of ['{"a":"é"', '{"a": é}', 'NaN', '\ufeff{"a":1}', '', '{"a":"安徽"}x'])
      expectSame(Buffer.from(text));
  });

  it('agrees with the whole body decoded on a thousand random answers', () => {
    const next = random(34);
    const pieces = [
      'a',
      'Z',
      ' ',
      '"',
      '\\',
      '\n',
      'é',
      'ü',
      'µ',
      '²',
      '安',
      '徽',
      '🏭',
      '\u00a0',
      '\u2028',
      '\u0080',
      'ÿ',
    ];
    const text = () =>
      Array.from(
        { length: Math.floor(next() * 12) },
        () => pieces[Math.floor(next() * pieces.length)],
      ).join('');
    const value = (depth: number): unknown => {
      const pick = next();
      if (depth > 3 || pick < 0.35) return text();
      if (pick < 0.45) return Math.round(next() * 1e6) / 100;
      if (pick < 0.5) return null;
      if (pick < 0.75)
        return Array.from({ length: Math.floor(next() * 4) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 4) }, () => [text(), value(depth + 1)]),
      );
    };
    for (let i = 0; i < 1_000; i++) {
      const json = JSON.stringify(value(0));
      // Half with non-ASCII escaped, as a service with ensure_ascii would send it.
      const body =
        i % 2 === 0
          ? json
          : json.replace(
              /[\u0080-\uffff]/g,
              (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
            );
      expectSame(Buffer.from(body));
    }
  });
});
