// Browser journey (docs/venues.md): staff of OCBL open Venues from the sidebar, add a venue with a
// court, its weekly hours and a closure with its reason, edit it, then delete it while a game uses
// it — the confirmation says how many games, and the game keeps the venue's name as its location.
// At 1280 px and 375 px, axe clean, no sideways scroll. Needs the SPA built into web/dist and
// Chromium. Screenshots in test-artifacts/venues/.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium, signInOnPage } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

const SHOTS = path.resolve('test-artifacts/venues')

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('venues', () => {
  let server: TestServer
  let browser: Awaited<ReturnType<typeof launchChromium>>

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    server = await startServer()
    browser = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  for (const width of [1280, 375]) {
    it(`at ${width} px: adds a venue with a court, hours and a closure, edits it, and deletes it after saying how many games use it`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true })
      await signInOnPage(page, server.baseUrl, 'ocbl', 'staff')
      if (width === 1280) {
        await page.goto(`${server.baseUrl}/dashboard`)
        await page.getByRole('link', { name: 'Venues', exact: true }).click()
      } else await page.goto(`${server.baseUrl}/dashboard/venues`)
      await page.getByRole('heading', { name: 'Venues', level: 1 }).waitFor()
      await page
        .getByText('No venues yet.')
        .or(page.getByRole('heading', { name: 'Your venues' }))
        .first()
        .waitFor()

      const name = `North Gym ${width}`
      await page.getByLabel('Name', { exact: true }).fill(name)
      await page.getByLabel('Address', { exact: true }).fill('12 Hoop St, Springfield')
      await page.getByLabel('Map link', { exact: true }).fill('https://maps.example/north')
      await page.getByRole('button', { name: 'Add a court' }).click()
      await page.getByLabel('Court name', { exact: true }).fill('Court A')
      await page.getByRole('button', { name: 'Add hours to Court A' }).click()
      await page.getByLabel('Day', { exact: true }).selectOption('Tuesday')
      await page.getByRole('button', { name: 'Add a closure' }).click()
      await page.getByLabel('Closed court', { exact: true }).selectOption('Court A')
      await page.getByLabel('Date', { exact: true }).fill('2026-01-12')
      await page.getByLabel('Reason', { exact: true }).fill('Floor refinishing')
      expect(await noSideScroll(page), 'no sideways scroll with the form filled').toBe(true)
      await page.screenshot({ path: `${SHOTS}/form-${width}.png`, fullPage: true })
      expect(await axeViolations(page), `the filled form at ${width}`).toEqual([])
      await page.getByRole('button', { name: 'Add venue' }).click()
      await page.getByText(`${name} created`).waitFor()

      // Stored whole: the court with its Tuesday hours and the closure with its reason.
      const { body } = await apiFromPage<{
        venues: { id: number; name: string; courts: any[]; closures: any[]; version: number }[]
      }>(page, 'GET', '/api/venues')
      const venue = body.venues.find((v) => v.name === name)
      expect(venue?.courts).toEqual([
        expect.objectContaining({ name: 'Court A', hours: [{ day: 'Tuesday', from: '18:00', to: '22:00' }] }),
      ])
      expect(venue?.closures).toEqual([
        expect.objectContaining({ court: 'Court A', date: '2026-01-12', reason: 'Floor refinishing' }),
      ])
      const card = page.locator('.venue-card', { hasText: name })
      await card.getByText('1 court · 1 closure · 0 games').waitFor()

      // Edit: the form opens on the venue, a changed address is saved.
      await page.getByRole('button', { name: `Edit ${name}` }).click()
      await page.getByRole('heading', { name: `Edit ${name}` }).waitFor()
      await page.getByLabel('Address', { exact: true }).fill('14 Hoop St, Springfield')
      await page.getByRole('button', { name: 'Save venue' }).click()
      await page.getByText(`${name} updated`).waitFor()
      await card.getByText('14 Hoop St, Springfield').waitFor()
      await page.screenshot({ path: `${SHOTS}/list-${width}.png`, fullPage: true })
      expect(await axeViolations(page), `the list at ${width}`).toEqual([])

      // A game played there: the delete asks first and says how many games.
      const games = await apiFromPage<{ games: { id: number }[] }>(page, 'GET', '/api/games')
      const game = games.body.games[0]
      expect(game).toBeDefined()
      const placed = await apiFromPage(page, 'PUT', `/api/games/${game?.id}`, { venueId: venue?.id, location: '' })
      expect(placed.status).toBe(200)
      await page.reload()
      await page.getByRole('button', { name: `Delete ${name}` }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText(`${name} is used by 1 game.`, { exact: false }).waitFor()
      await page.screenshot({ path: `${SHOTS}/delete-${width}.png`, fullPage: true })
      expect(await axeViolations(page), `the delete confirmation at ${width}`).toEqual([])
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
      await page.getByText(`${name} deleted`).waitFor()
      const after = await apiFromPage<{ game: { location: string | null; venue: unknown } }>(
        page,
        'GET',
        `/api/gamesv2/${game?.id}`,
      )
      expect(after.body.game).toMatchObject({ location: name, venue: null })
      await page.close()
    }, 120_000)
  }
})
