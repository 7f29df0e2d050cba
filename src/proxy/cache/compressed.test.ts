import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipEtag } from './compressed';

describe('acceptsGzip', () => {
  it('takes gzip by name or by *, at any weight above 0', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
  });

  it('refuses what the client did not ask for or weighed 0', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0.000, *')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
  });
});

describe('gzipEtag', () => {
  it('gives the gzip its own strong validator', () => {
    expect(gzipEtag('"abc"')).toBe('"abc-gzip"');
    expect(gzipEtag('"abc"')).not.toBe('"abc"');
  });
});
