import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PAGE_CHUNKS_ID } from './src/web/config/page-chunks';

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

/**
 * Names the explorer's own chunks (`src/web/app/mount.tsx` and what it imports) and style sheet in
 * index.html as modulepreload and preload hints, so the browser fetches them beside the small
 * sign-in script instead of after it, and lists each page's own chunks (those of
 * `src/web/app/routes/<page>.tsx` beyond the explorer's, and of `<page>/loader.ts` where the page's
 * loader is a module of its own) for `src/web/app/preload-page.ts` to fetch the page a path shows
 * (issue 34 item 2). A first visit fetches them while the browser goes
 * to the identity provider and back, and the callback page finds them in its cache: on the laptop
 * profile they came 0.3-0.9 s after the callback page began.
 */
function preloadExplorer(): Plugin {
  const MOUNT = /src[\\/]web[\\/]app[\\/]mount\.tsx$/;
  const PAGE = /src[\\/]web[\\/]app[\\/]routes[\\/]([a-z-]+)\.tsx$/;
  // A page's loader as a module of its own (`readingPage` in src/web/app/router.tsx).
  const PAGE_LOADER = /src[\\/]web[\\/]app[\\/]routes[\\/]([a-z-]+)[\\/]loader\.ts$/;
  return {
    name: 'lci-preload-explorer',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        /** A chunk and every chunk it imports, and their style sheets. */
        const closure = (fileName: string, into = new Set<string>()) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || into.has(fileName)) return into;
          into.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
          for (const imported of chunk.imports) closure(imported, into);
          return into;
        };
        const mount = chunks.find((chunk) => MOUNT.test(chunk.facadeModuleId ?? ''));
        if (!mount) throw new Error('vite.config.ts: no chunk holds src/web/app/mount.tsx');
        // The entry's own imports are named by Vite already.
        const entry = chunks.find((chunk) => chunk.isEntry);
        const named = entry ? closure(entry.fileName) : new Set<string>();
        const explorer = [...closure(mount.fileName)].filter((file) => !named.has(file));
        const known = new Set([...named, ...explorer]);
        const pages: Record<string, string[]> = {};
        for (const chunk of chunks) {
          const id = chunk.facadeModuleId ?? '';
          const page = PAGE.exec(id)?.[1] ?? PAGE_LOADER.exec(id)?.[1];
          if (page && chunk.isDynamicEntry)
            pages[page] = [
              ...new Set([
                ...(pages[page] ?? []),
                ...[...closure(chunk.fileName)]
                  .filter((file) => !known.has(file))
                  .map((file) => `/${file}`),
              ]),
            ];
        }
        const hint = (file: string) => ({
          tag: 'link',
          // `crossorigin` as Vite's own loader asks for each (a style sheet's link included), or
          // the browser fetches it again and warns that the preload went unused.
          attrs: file.endsWith('.css')
            ? { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` }
            : { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        });
        return [
          ...explorer.map(hint),
          {
            tag: 'script',
            // Data, not a script: the Content Security Policy runs none inline.
            attrs: { type: 'application/json', id: PAGE_CHUNKS_ID },
            children: JSON.stringify(pages),
            injectTo: 'head' as const,
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), xlsxZipInPage(), preloadExplorer()],
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
