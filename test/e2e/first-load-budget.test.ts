// Browser check of the public first-load budget (docs/reference/performance.md §4,
// docs/decisions/2026-11-28-first-load-in-a-browser.md): every public page opened in a fresh
// Chromium profile, every script and stylesheet it receives until the network is idle counted at
// gzip -9 — what a visitor downloads, not what the Vite manifest says the page imports. The budget is
// 100 KB of JS and 20 KB of CSS; a page must leave at least 10 KB of the JS budget unused, so the next
// public feature has room without tricks.
// Needs the SPA built into web/dist (`npm run build`) and Chromium.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kb } from '../../scripts/first-load.ts'
import { type BrowserFirstLoad, measureFirstLoads } from '../../scripts/first-load-browser.ts'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

const JS_BUDGET = 100 * 1024
const JS_ROOM = 10 * 1024
const CSS_BUDGET = 20 * 1024

describe('public first load as a browser downloads it', () => {
  let server: TestServer
  let browser: Browser
  let loads: BrowserFirstLoad[] = []

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    loads = await measureFirstLoads(browser, server.baseUrl)
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('measures every public page, each with its entry and framework scripts and its stylesheet', () => {
    expect(loads.length).toBeGreaterThanOrEqual(15)
    for (const load of loads) {
      expect(
        load.files.some((f) => /\/assets\/index-[^/]+\.js$/.test(f)),
        `${load.page}: entry`,
      ).toBe(true)
      expect(
        load.files.some((f) => /\/assets\/framework-[^/]+\.js$/.test(f)),
        `${load.page}: framework`,
      ).toBe(true)
      expect(
        load.files.some((f) => f.endsWith('.css')),
        `${load.page}: stylesheet`,
      ).toBe(true)
    }
  })

  it('opens every public page with at least 10 KB of the 100 KB JS budget to spare and under 20 KB of CSS', () => {
    const over = loads
      .filter((l) => l.jsGzip >= JS_BUDGET - JS_ROOM || l.cssGzip >= CSS_BUDGET)
      .map((l) => `${l.page} (${l.path}): JS ${kb(l.jsGzip)}, CSS ${kb(l.cssGzip)} in ${l.files.join(' ')}`)
    expect(over).toEqual([])
  })
})
