import { brotliCompressSync, deflateRawSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeBody, UndecodableBody } from './encoding';
import type { UpstreamResponse } from './http-client';

const answer = (body: Buffer, headers: Record<string, string>): UpstreamResponse => ({
  status: 200,
  header: (name) => headers[name.toLowerCase()],
  body,
});
const text = async (response: Promise<UpstreamResponse>) => (await response).body.toString();

describe('decoding what the data service sent', () => {
  it('undoes every encoding named, the last applied first, raw deflate included', async () => {
    const json = Buffer.from('{"total":1}');
    const twice = brotliCompressSync(gzipSync(json));
    expect(await text(decodeBody(answer(twice, { 'content-encoding': 'gzip, br' }), 1e6))).toBe(
      '{"total":1}',
    );
    const raw = deflateRawSync(json);
    expect(await text(decodeBody(answer(raw, { 'content-encoding': 'deflate' }), 1e6))).toBe(
      '{"total":1}',
    );
  });

  it('never decodes past the size cap: a small gzip holding megabytes is refused', async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 32));
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(
      decodeBody(answer(bomb, { 'content-encoding': 'gzip' }), 1024 * 1024),
    ).rejects.toMatchObject({ why: 'too large' });
  });

  it('names an unknown encoding and bytes that are not what they claim', async () => {
    const json = Buffer.from('{}');
    await expect(
      decodeBody(answer(json, { 'content-encoding': 'zstd' }), 1e6),
    ).rejects.toBeInstanceOf(UndecodableBody);
    await expect(
      decodeBody(answer(json, { 'content-encoding': 'gzip' }), 1e6),
    ).rejects.toMatchObject({ encoding: 'gzip', why: 'corrupt' });
  });
});
