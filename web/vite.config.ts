import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// Run from the repository root: `vite build --config web/vite.config.ts`. The root is this folder
// so index.html and public/ resolve here; the Worker serves web/dist as its static assets.
const root = fileURLToPath(new URL('.', import.meta.url))
const api = 'http://localhost:8787'
const reactRouter = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url))
const preact = (file: string) => fileURLToPath(new URL(`../node_modules/preact/${file}`, import.meta.url))

/**
 * The catalogs (docs/languages.md): every folder of the repository's i18n/ with a catalog per
 * namespace, copied into the build as /i18n/<language>/<namespace>.json with a list of them in
 * /i18n/languages.json for the Worker and the settings screens. Adding a language is adding its folder.
 * They live outside web/ because the Worker bundles the English ones (docs/architecture.md "Boundaries").
 */
function catalogs(): Plugin {
  const dir = fileURLToPath(new URL('../i18n/', import.meta.url))
  const languages = () =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && /^[a-z]{2,3}(-[A-Z]{2})?$/.test(entry.name))
      .map((entry) => entry.name)
      .sort()
  const manifest = () => JSON.stringify({ languages: languages().map((code) => ({ code })) })
  return {
    name: 'courtside-catalogs',
    // `vite` (dev): the same paths, read from the folder on each request.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/i18n\/(?:languages\.json|([a-z]{2,3}(?:-[A-Z]{2})?)\/([a-z]+)\.json)$/.exec(req.url ?? '')
        if (!match) return next()
        try {
          const body = match[1] ? readFileSync(`${dir}${match[1]}/${match[2]}.json`, 'utf8') : manifest()
          res.setHeader('Content-Type', 'application/json')
          res.end(body)
        } catch {
          next()
        }
      })
    },
    generateBundle() {
      for (const code of languages())
        for (const file of readdirSync(`${dir}${code}`).filter((name) => name.endsWith('.json')))
          this.emitFile({
            type: 'asset',
            fileName: `i18n/${code}/${file}`,
            source: readFileSync(`${dir}${code}/${file}`, 'utf8'),
          })
      this.emitFile({ type: 'asset', fileName: 'i18n/languages.json', source: manifest() })
    },
  }
}

export default defineConfig(({ command }) => ({
  root,
  plugins: [react(), catalogs()],
  resolve: {
    // react-router's package exports name only its development build (warnings and all); the
    // production build it also ships is what visitors get (docs/reference/performance.md §4, first-load budget).
    alias: [
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouter('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouter('dom-export.mjs') },
          ]
        : []),
      { find: /^react$/, replacement: preact('compat/dist/compat.mjs') },
      { find: /^react-dom$/, replacement: preact('compat/dist/compat.mjs') },
      { find: /^react-dom\/client$/, replacement: preact('compat/client.mjs') },
      { find: /^react\/jsx-runtime$/, replacement: preact('compat/jsx-runtime.mjs') },
      { find: /^react\/jsx-dev-runtime$/, replacement: preact('compat/jsx-dev-runtime.mjs') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // scripts/first-load.ts (the bundle-budget test, npm run bench) adds up each public page's
    // first load from the manifest.
    manifest: true,
    // Every browser the platform supports has <link rel=modulepreload>; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Readable chunk names again: the room under the first-load budget is won by the framework
        // (docs/decisions/2026-11-28-first-load-in-a-browser.md), not by shorter names in the entry's
        // preload lists. scripts/bench.ts finds the framework by its name.
        chunkFileNames: 'assets/[name]-[hash].js',
        // One long-lived file for what every page needs (React, the router, react-query): it
        // compresses better than three and stays cached across deploys of app code. react-query's
        // mutations stay out of it: only signed-in screens write (they get their own small chunk).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](preact|react|react-dom|scheduler|react-router|@tanstack)[\\/](?!.*[\\/](useMutation|mutationObserver)\.js$)/,
            },
            // The sign-in calls and react-query's mutation code in one chunk: the sign-in page (a public
            // route) then names a single extra file in the entry's preload lists, not two
            // (test/unit/bundle-budget.test.ts).
            {
              name: 'auth',
              includeDependenciesRecursively: false,
              test: /(web[\\/]src[\\/]lib[\\/]auth\.ts$|node_modules[\\/]@tanstack[\\/].*[\\/](useMutation|mutationObserver)\.js$)/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
    },
  },
}))
