import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a `.br` and a `.gz` beside each script, style sheet, SVG and font the build emits, at the
 * highest levels once at build time, so the proxy sends them compressed (@fastify/static's
 * `preCompressed`) without compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'lci-precompress',
    apply: 'build',
    // After the bundle is written, so files copied from public/ are compressed as well.
    writeBundle(options) {
      const outDir = options.dir ?? 'dist';
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files) {
        if (!/\.(js|css|svg|ttf)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const content = readFileSync(full);
        const br = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        const gz = gzipSync(content, { level: 9 });
        // A tiny chunk may not shrink; it is then sent as it is.
        if (br.length < content.length) writeFileSync(`${full}.br`, br);
        if (gz.length < content.length) writeFileSync(`${full}.gz`, gz);
      }
    },
  };
}

/**
 * Gives write-excel-file the explorer's zip step (`src/web/lib/xlsx-zip.ts`) in place of its own,
 * whose Worker from a `blob:` URL the Content Security Policy forbids.
 */
function xlsxZipInPage(): Plugin {
  const replacement = path.resolve(import.meta.dirname, 'src/web/lib/xlsx-zip.ts');
  return {
    name: 'lci-xlsx-zip-in-page',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../zip/zipToArrayBuffer.js' && importer?.includes('/write-excel-file/'))
        return replacement;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), xlsxZipInPage()],
  // Only VITE_-prefixed variables reach the bundle; no server secret is ever named so.
  envPrefix: 'VITE_',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for debugging a build on this machine; no comment points a browser at them, and the
    // proxy never serves them (src/proxy/routes/spa.ts).
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The PDF report's font engine apart from pdf-lib: both load only when a PDF is asked
          // for, and each stays under the size warned about.
          groups: [
            { name: 'pdf-fontkit', test: /node_modules[\\/]@pdf-lib[\\/]fontkit/ },
            // Mantine's core (Box, the provider, the styles API) in one chunk with the pieces
            // every page draws: the lazily loaded charts use it too, and left to itself the
            // build cut it into smaller shared chunks that cost every route more (npm run bench
            // -- bytes: 0.1-0.9 KB gzip a route against the charts alone).
            {
              name: 'mantine-core',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
