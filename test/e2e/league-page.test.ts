// Browser journey (docs/decisions/2026-11-28-league-page-latest-seasons.md): a league played in
// seven seasons opens on its five newest and the active one, with its schedule right below them;
// "Show all 7 seasons" lists every one, and the button folds them back.
// On a desktop and at 375 px, axe clean. Needs the SPA built into web/dist and Chromium.
import { describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, signInOnPage } from '../helpers/browser'
import { serverAndBrowser } from '../helpers/stand'

type Season = { id: number; name: string; active: boolean }

describe('league page: the latest seasons first', () => {
  const stand = serverAndBrowser()

  it('lists the five newest seasons and the active one, and all of them on request', async () => {
    // The site's CSP allows no inline script; axe-core is injected as one.
    const page = await stand.browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await signInOnPage(page, stand.server.baseUrl, 'ocbl', 'staff')
    const { seasons } = (await apiFromPage<{ seasons: Season[] }>(page, 'GET', '/api/seasonsv2')).body
    const active = seasons.find((s) => s.active)
    if (!active) throw new Error('the seed has no active season')
    const { leagues } = (
      await apiFromPage<{ leagues: { id: number; name: string }[] }>(page, 'GET', `/api/seasonsv2/${active.id}/leagues`)
    ).body
    const league = leagues[0]
    if (!league) throw new Error('the active season has no league')
    const played = (
      await apiFromPage<{ seasonsLeagues: { league: { id: number }; season: Season }[] }>(page, 'GET', '/api/seasonsleagues')
    ).body.seasonsLeagues.filter((l) => l.league.id === league.id)

    // Five seasons after the active one, each with this league copied in: the active season is now
    // older than the five newest.
    for (let year = 2031; year < 2031 + 5; year++) {
      const created = await apiFromPage<{ season: Season }>(page, 'POST', '/api/seasonsv2', {
        name: `Spring ${year}`,
        startDate: `${year}-03-01`,
        finishDate: `${year}-05-31`,
      })
      expect(created.status).toBe(201)
      const copied = await apiFromPage(page, 'POST', `/api/seasonsv2/${created.body.season.id}/leagues`, {
        copyFromSeasonId: active.id,
        copyFromLeagueId: league.id,
      })
      expect(copied.status).toBe(201)
    }
    const total = played.length + 5
    expect(total).toBeGreaterThan(6)

    await page.goto(`${stand.server.baseUrl}/leagues/${league.id}`)
    const seasonsTable = page.locator('table', { has: page.locator('caption', { hasText: 'Seasons of this league' }) })
    const seasonNames = () => seasonsTable.locator('tbody tr td:first-child').allTextContents()
    await seasonsTable.locator('tbody tr').first().waitFor()
    // Newest first: the five new ones, then the active season, older than them all.
    expect(await seasonNames()).toEqual(['Spring 2035', 'Spring 2034', 'Spring 2033', 'Spring 2032', 'Spring 2031', active.name])
    // The schedule (the active season's games) is on the page beside them, not behind 40 rows.
    await page
      .locator('table', { has: page.locator('caption', { hasText: 'League schedule' }) })
      .locator('tbody tr')
      .first()
      .waitFor()
    expect(await axeViolations(page)).toEqual([])

    const more = page.getByRole('button', { name: `Show all ${total} seasons` })
    await expect(more.getAttribute('aria-expanded')).resolves.toBe('false')
    await more.click()
    await expect.poll(async () => (await seasonNames()).length).toBe(total)
    expect(await seasonNames()).toEqual(expect.arrayContaining(played.map((l) => l.season.name)))
    const fewer = page.getByRole('button', { name: 'Show the latest 5 seasons' })
    await expect(fewer.getAttribute('aria-expanded')).resolves.toBe('true')

    // At 375 px the list and its button fit the screen.
    await page.setViewportSize({ width: 375, height: 740 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    expect(await axeViolations(page)).toEqual([])

    // Keyboard: the button folds the list back.
    await fewer.focus()
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await seasonNames()).length).toBe(6)
    await page.close()
  }, 120_000)
})
