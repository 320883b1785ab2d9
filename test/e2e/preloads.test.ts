// Browser check (docs/reference/performance.md §4): the HTML of an organization's page starts the page's own API calls and
// its profile photo with <link rel="preload"> while the script downloads. A preload only helps when
// the SPA asks for exactly the same URL in the same mode — otherwise the browser downloads it twice.
// So for each public page: every preloaded URL is requested once, the page's API calls are exactly
// the preloaded ones, and the page shows its content.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

describe('preloaded page data', () => {
  let server: TestServer
  let browser: Browser
  let gameId: number
  let playerId: number

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    const seasons = (await (await fetch(`${server.baseUrl}/api/seasonsv2?slug=ocbl`)).json()) as {
      seasons: { id: number; active: boolean }[]
    }
    const season = seasons.seasons.find((s) => s.active)
    const { games } = (await (await fetch(`${server.baseUrl}/api/gamesv2?slug=ocbl&seasonId=${season?.id}`)).json()) as {
      games: { id: number; score_team1: number | null }[]
    }
    gameId = (games.find((g) => (g.score_team1 ?? 0) > 0) ?? games[0]).id
    const detail = (await (await fetch(`${server.baseUrl}/api/gamesv2/${gameId}?slug=ocbl`)).json()) as {
      playerStats: { player_id: number }[]
    }
    playerId = detail.playerStats[0].player_id
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  const pages = () =>
    [
      ['home', '/ocbl', 'Our History'],
      ['schedule', '/ocbl/schedule', 'Schedule'],
      ['standings', '/ocbl/teamList', 'Standings'],
      ['player profile', `/ocbl/players/${playerId}`, 'Game Log'],
      ['player stats', `/ocbl/player/${playerId}/stats`, 'Season Breakdown'],
      ['game', `/ocbl/games/${gameId}`, 'Score by period'],
    ] as const

  it('requests every preloaded URL of a public page once, and the page shows its data', async () => {
    for (const [name, path, text] of pages()) {
      // A fresh context each time: nothing cached from the page before.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
      const page = await context.newPage()
      const requested = new Map<string, number>()
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.origin !== server.baseUrl) return
        const key = `${url.pathname}${url.search}`
        requested.set(key, (requested.get(key) ?? 0) + 1)
      })
      await page.goto(`${server.baseUrl}${path}`)
      await page.getByRole('heading', { name: text }).first().waitFor()
      await page.waitForLoadState('networkidle')
      const preloads = await page.$$eval('link[rel="preload"]', (links) =>
        links.map((link) => ({ href: link.getAttribute('href') ?? '', as: link.getAttribute('as') })),
      )
      const fetches = preloads.filter((p) => p.as === 'fetch')
      // The auth check, the nav's pages and at least one call of the page's own.
      expect(fetches.length, `${name}: fetch preloads`).toBeGreaterThanOrEqual(3)
      // The organization came inside the HTML, and the HTML drew the site's header before the script ran.
      expect(requested.has('/api/organizations/slug/ocbl'), `${name}: organization fetched`).toBe(false)
      const html = await (await fetch(`${server.baseUrl}${path}`)).text()
      expect(html).toMatch(/<div id="root"><div class="site-shell"><header class="site-header[^"]*">/)
      for (const preload of preloads) {
        expect(requested.get(preload.href), `${name}: ${preload.href} requested once`).toBe(1)
      }
      // …and the page asks the API for nothing its HTML did not already start: a preload whose URL
      // differs from the SPA's by as much as the order of two parameters shows up here.
      const apiCalls = [...requested.keys()].filter((key) => key.startsWith('/api/'))
      expect(apiCalls.sort(), `${name}: API calls`).toEqual(fetches.map((p) => p.href).sort())
      await context.close()
    }
  }, 180_000)
})
