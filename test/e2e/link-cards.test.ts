// Browser check (docs/link-cards.md): the link cards the Worker draws are PNGs a real browser
// decodes. For the seeded `ocbl` league's game, player, standings and record book pages, the
// og:image of the page's HTML is fetched and decoded by Chromium (createImageBitmap and an <img>),
// at 1200 × 630, with the organization's band in its top row. The decoded cards are saved under
// test-artifacts/link-cards/ to look at.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PALETTES } from '../../worker/domain/cards/layout'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

const ARTIFACTS = path.resolve('test-artifacts/link-cards')

describe('link cards in the browser', () => {
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
    const played = games.find((g) => (g.score_team1 ?? 0) > 0) ?? games[0]
    if (!played) throw new Error('the seeded league has no games')
    gameId = played.id
    const detail = (await (await fetch(`${server.baseUrl}/api/gamesv2/${gameId}?slug=ocbl`)).json()) as {
      playerStats: { player_id: number }[]
    }
    playerId = detail.playerStats[0]?.player_id ?? 0
    await mkdir(ARTIFACTS, { recursive: true })
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('Chromium decodes the og:image of each page as a 1200×630 image', async () => {
    const page = await browser.newPage()
    try {
      await page.goto(`${server.baseUrl}/ocbl`)
      const pages = [
        ['game', `/ocbl/games/${gameId}`],
        ['player', `/ocbl/players/${playerId}`],
        ['standings', '/ocbl/teamList'],
        ['records', '/ocbl/records'],
      ] as const
      for (const [name, address] of pages) {
        const html = await (await fetch(`${server.baseUrl}${address}`)).text()
        const image = html.match(/<meta property="og:image" content="([^"]+)">/)?.[1]?.replaceAll('&amp;', '&')
        expect(image, address).toMatch(/\/ocbl\/cards\/[a-z/0-9]+\.png\?v=/)
        const url = image ?? ''
        const response = await fetch(url)
        expect(response.headers.get('Content-Type')).toBe('image/png')
        await writeFile(path.join(ARTIFACTS, `${name}.png`), new Uint8Array(await response.arrayBuffer()))
        const decoded = await page.evaluate(async (src) => {
          const bitmap = await createImageBitmap(await (await fetch(src)).blob())
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
          const context = canvas.getContext('2d')
          context?.drawImage(bitmap, 0, 0)
          const corner = [...(context?.getImageData(bitmap.width - 1, 0, 1, 1).data ?? [])]
          const img = new Image()
          img.src = src
          await img.decode()
          return { width: bitmap.width, height: bitmap.height, natural: [img.naturalWidth, img.naturalHeight], corner }
        }, url)
        expect(decoded.width, name).toBe(1200)
        expect(decoded.height, name).toBe(630)
        expect(decoded.natural, name).toEqual([1200, 630])
        // The organization's band, in the light or the dark theme.
        const bands = [PALETTES.light.band, PALETTES.dark.band].map((c) => [...c, 255])
        expect(bands, name).toContainEqual(decoded.corner)
      }
    } finally {
      await page.close()
    }
  })
})
