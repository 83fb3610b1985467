import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The client version is the product version (root package.json, spec section 9: 1.7.5). */
const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Text files worth compressing; smaller ones cost more in headers than they save. */
const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside every built text file, once at build time, so the server sends
 * them without compressing per request (@fastify/static `preCompressed`, plugins/static-web.ts). Issue 6:
 * uncompressed scripts cost a phone on a slow network seconds before the marketplace shows.
 */
const precompress = (): Plugin => ({
  name: 'bw-precompress',
  apply: 'build',
  writeBundle(options) {
    const outDir = options.dir ?? 'dist';
    const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((name) => COMPRESSIBLE.test(name))) {
      const full = path.join(outDir, file);
      const body = readFileSync(full);
      if (body.length < MIN_COMPRESS_BYTES) continue;
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(body, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
        }),
      );
    }
  },
});

/**
 * React Router's package exports only its development build (remix-run/react-router#12532 and
 * #14102), so without this every production bundle carries its development checks and warnings;
 * building and ranking the route table alone took twice as long (issue 27: the marketplace on a
 * phone). The build takes the package's production build; both entries resolve to one copy.
 */
const reactRouterProduction = (): Plugin => {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return {
    name: 'bw-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dir, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dir, 'dom-export.mjs') },
        ],
      },
    }),
  };
};

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), reactRouterProduction()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  build: {
    // scripts/bench-web.mjs reads the manifest to measure the marketplace route's initial JS.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // Two pages of one code base: the investor app and the operator's back office (ADR 0019),
      // so nothing of the back office reaches the investor app's JavaScript.
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        backoffice: path.resolve(import.meta.dirname, 'backoffice.html'),
      },
      // The shared packages are pure (zod schemas, domain rules, the generated operations): a module whose exports the web does
      // not use is dropped instead of shipping every contract to the browser.
      treeshake: {
        moduleSideEffects: (id: string) => !/packages[\\/](contracts|domain|i18n|api-client)[\\/]src[\\/]/.test(id),
      },
      output: {
        // Stable vendor chunks: better caching, and `npm run bench:web` shows what each library costs.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Shared shell code in one chunk instead of many tiny ones; lazy screens, the lazily
            // loaded realtime client (lib/socket-*, ADR 0012) and the form kit (components/form,
            // ADR 0015) and the chart (with lightweight-charts, ADR 0018) stay out of it, and so do the back office (a page of its own, ADR 0019) and
            // the entry module main.tsx (the back office shares this chunk and must not run it).
            // The attach control (components/attachment-*, lib/attachments, lib/upload-file) loads with its screens.
            // Of the features, only those the startup and the marketplace need join it (a new feature
            // stays out by default); of features/auth only the session check, the guest dialog, the
            // header's account entry and the session-expiry hook; of features/personal-data only the
            // header's open-step banner.
            {
              name: 'shell',
              test: /apps[\\/]web[\\/]src[\\/](?!main\.tsx|backoffice[\\/]|app[\\/]routes[\\/]|lib[\\/](socket-|attachments\.|upload-file\.|parse-amount\.|transaction-state\.|payment-information\.)|hooks[\\/]use-money-format\.|components[\\/](form[\\/]|attachment-)|components[\\/]time-series-chart|features[\\/](?!(app-config|platform-info|realtime|marketplace|assets|auth|personal-data)[\\/])|features[\\/]assets[\\/](components[\\/](detail[\\/]|asset-map|map-projection)|api[\\/]get-(asset|asset-offers|energy-data|transaction-metadata)\.)|features[\\/]auth[\\/](?!api[\\/]check-session|components[\\/](guest-dialog|header-account)|hooks[\\/]use-session-expiry)|features[\\/]personal-data[\\/](?!components[\\/]open-step-banner|api[\\/](get-open-step-user|query-keys)\.|lib[\\/]open-step\.))/,
            },
            // The startup's texts; English and the lazy screens' texts (de-at-features and its parts) load on demand.
            {
              name: 'catalog',
              test: /packages[\\/]i18n[\\/]src[\\/](?!catalogs[\\/](en[.-]|de-at-(features|identification|knowledge|personal-data|trading|bulletin-board)\.))/,
            },
            // The form kit and its library (ADR 0015), only for the lazily loaded screens with forms. Last:
            // a group takes along the dependencies no earlier group took, and the kit's (button,
            // translator, lucide) belong to the shell.
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]|apps[\\/]web[\\/]src[\\/]components[\\/]form[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/auth': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
