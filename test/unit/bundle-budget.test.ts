import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  ADMIN_ONLY_CHUNKS,
  ADMIN_ONLY_MODULES,
  DND_KIT_MARKER,
  firstLoadChunks,
  kb,
  PUBLIC_SCREENS,
  publicFirstLoads,
  readManifest,
} from '../../scripts/first-load.ts'

// Reads the real build output: `npm test` runs `npm run build` first.
const dist = 'web/dist'
// docs/architecture.md budgets, in KB of 1024 bytes (KiB, as Lighthouse and DevTools report transfer sizes).
const JS_BUDGET = 100 * 1024
const CSS_BUDGET = 20 * 1024

describe('public first-load budget (docs/reference/performance.md §4)', () => {
  it('finds a build with a manifest to measure', () => {
    expect(existsSync(join(dist, '.vite/manifest.json')), 'run `npm run build` first').toBe(true)
  })

  const loads = existsSync(join(dist, '.vite/manifest.json')) ? publicFirstLoads(dist) : []

  it('measures every public page', () => {
    expect(loads.map((l) => l.page)).toEqual(Object.keys(PUBLIC_SCREENS))
  })

  for (const load of loads) {
    it(`opens ${load.page} with under 100 KB of gzipped JS and 20 KB of gzipped CSS`, () => {
      expect(load.jsGzip, `${load.page}: ${kb(load.jsGzip)} JS in ${load.files.join(', ')}`).toBeLessThan(JS_BUDGET)
      expect(load.cssGzip, `${load.page}: ${kb(load.cssGzip)} CSS`).toBeLessThan(CSS_BUDGET)
    })
  }

  // docs/decisions/2026-11-28-languages.md: only the active language's catalog loads, as data (the
  // page's JSON block or /i18n/<language>/site.json), never compiled into the script every visitor
  // downloads — a page's words in Spanish or French cost a Spanish or French visitor alone.
  it('carries no Spanish or French words in any public first-load script: catalogs load as data, one language at a time', () => {
    const manifest = readManifest(dist)
    const english = JSON.parse(readFileSync('i18n/en/site.json', 'utf8')) as Record<string, string>
    // Each translation that differs from English and is long enough to be unmistakably a catalog's.
    const foreign = ['es', 'fr'].flatMap((language) =>
      Object.entries(JSON.parse(readFileSync(`i18n/${language}/site.json`, 'utf8')) as Record<string, string>)
        .filter(([key, message]) => message !== english[key] && message.replace(/\{[^{}]*\}/g, '').trim().length >= 12)
        .map(([key, message]) => ({ key: `${language}/${key}`, text: message.split(/[{}<]/)[0]?.trim() ?? '' }))
        .filter(({ text }) => text.length >= 12),
    )
    // Not vacuous: both catalogs have many such sentences (and the words are in the build, as files).
    expect(foreign.length).toBeGreaterThan(100)
    expect(existsSync(join(dist, 'i18n/es/site.json')) && existsSync(join(dist, 'i18n/fr/site.json'))).toBe(true)
    for (const [page, screen] of Object.entries(PUBLIC_SCREENS)) {
      for (const key of firstLoadChunks(manifest, screen)) {
        const chunk = manifest[key]
        if (!chunk.file.endsWith('.js')) continue
        const code = readFileSync(join(dist, chunk.file), 'utf8')
        const found = foreign.filter(({ text }) => code.includes(text)).map(({ key }) => key)
        expect(found, `${page} loads ${chunk.file} with catalog words`).toEqual([])
      }
    }
  })

  it('never sends admin code to a visitor: no admin module or @dnd-kit in any public first load', () => {
    const manifest = readManifest(dist)
    // The checks below are not vacuous: the admin modules and @dnd-kit are in the build, elsewhere.
    for (const module of ADMIN_ONLY_MODULES)
      expect(
        Object.values(manifest).some((c) => c.src === module),
        module,
      ).toBe(true)
    const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'))
    expect(assets.some((f) => readFileSync(join(dist, 'assets', f), 'utf8').includes(DND_KIT_MARKER))).toBe(true)

    for (const [page, screen] of Object.entries(PUBLIC_SCREENS)) {
      for (const key of firstLoadChunks(manifest, screen)) {
        const chunk = manifest[key]
        expect(ADMIN_ONLY_MODULES, `${page} loads ${chunk.src ?? chunk.file}`).not.toContain(chunk.src)
        expect(ADMIN_ONLY_CHUNKS, `${page} loads ${chunk.file}`).not.toContain(chunk.name)
        if (!chunk.file.endsWith('.js')) continue
        const code = readFileSync(join(dist, chunk.file), 'utf8')
        expect(code.includes(DND_KIT_MARKER), `${page} loads @dnd-kit in ${chunk.file}`).toBe(false)
      }
    }
  })
})
