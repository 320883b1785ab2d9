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
