import { zipSync, type Zippable } from 'fflate';

/**
 * The zip step of write-excel-file, made in the page's own thread (vite.config.ts swaps it in).
 * The library's own uses fflate's asynchronous zip, which for a file over about 160 KB starts a
 * Worker from a `blob:` URL; the explorer's Content Security Policy (`script-src 'self'`,
 * security.md SEC-12) forbids that, and the export then waited forever. A sheet of several
 * thousand rows takes a fraction of a second here.
 */
export default function zipToArrayBuffer(files: Zippable): Promise<ArrayBuffer> {
  return new Promise((resolve) => {
    const archive = zipSync(files);
    resolve(archive.buffer.slice(archive.byteOffset, archive.byteOffset + archive.byteLength));
  });
}
