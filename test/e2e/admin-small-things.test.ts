// Browser journey of the small things an owner tripped on (docs/decisions/2026-11-28-admin-small-things.md):
// deleting a season says what goes with it, Ctrl+K finds a section inside a screen, a league's
// admin page links to the league on the public site, and the public standings' division filter
// starts on "All divisions".
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, signInOnPage, TINY_PNG } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

describe('small things of the admin', () => {
  let server: TestServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await signInOnPage(page, server.baseUrl, 'ocbl', 'owner')
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('names the seasons a delete would remove, and what goes with them', async () => {
    await page.goto(`${server.baseUrl}/dashboard/seasons`)
    await page.getByRole('heading', { name: 'SEASONS' }).waitFor()
    await page.getByRole('checkbox', { name: 'Select Summer 2025' }).check()
    await page.getByRole('button', { name: 'Delete Selected' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete seasons' })
    await dialog.waitFor()
    const text = await dialog.textContent()
    expect(text).toContain('Summer 2025')
    expect(text).toMatch(/leagues, teams, rosters, divisions and games/)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
  })

  it('finds a section inside a screen with Ctrl+K: the record book minimums', async () => {
    await page.keyboard.press('Control+k')
    const box = page.getByRole('combobox', { name: 'Go to a screen or season' })
    await box.waitFor()
    await box.fill('minimums')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/stats' && url.hash === '#record-book')
    const heading = page.getByRole('heading', { name: 'Record book', level: 2 })
    await heading.waitFor()
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true)
  })

  it("links a league's admin page to the league on the public site", async () => {
    await page.goto(`${server.baseUrl}/leagueList`)
    await page.getByRole('heading', { name: 'Leagues' }).waitFor()
    const href = await page.locator('main table a[href*="/leagues/"]').first().getAttribute('href')
    const leagueId = href?.split('/').pop()
    await page.goto(`${server.baseUrl}/leagues/${leagueId}`)
    const link = page.getByRole('link', { name: 'See it on the site' })
    await link.waitFor()
    await expect(link.getAttribute('href')).resolves.toBe(`/ocbl/schedule?league=${leagueId}`)
  })

  it('opens the public standings on "All divisions", with "Tournament Bracket" still a choice', async () => {
    await page.goto(`${server.baseUrl}/ocbl/teamList`)
    await page.getByRole('heading', { name: 'Standings' }).waitFor()
    const division = page.getByLabel('Division')
    await expect(division.locator('option:checked').textContent()).resolves.toBe('All divisions')
    await expect(division.locator('option', { hasText: 'Tournament Bracket' }).count()).resolves.toBe(1)
  })

  it('moves focus to the import\'s result and its "Build its schedule" link, in view', async () => {
    await page.goto(`${server.baseUrl}/dashboard/import`)
    await page.getByRole('heading', { name: /^Import into / }).waitFor()
    const rows = [
      ['Team', 'First name', 'Last name'],
      ['Focus Falcons', 'Fay', 'Focus'],
      ['Focus Falcons', 'Finn', 'Focus'],
    ]
    await page.getByLabel('Paste from a spreadsheet').fill(rows.map((row) => row.join('\t')).join('\n'))
    await page.getByRole('table', { name: 'What each row does' }).waitFor()
    await page.getByRole('button', { name: 'Import 2 rows' }).click()
    const link = page.getByRole('link', { name: 'Build its schedule' })
    await link.waitFor()
    const done = page.locator('.import-done')
    await expect
      .poll(() => done.evaluate((el) => el.contains(document.activeElement) || el.parentElement === document.activeElement))
      .toBe(true)
    const box = await link.boundingBox()
    expect(box && box.y >= 0 && box.y + box.height <= 900).toBe(true)
  })

  it('draws the logo preview in its own proportions: a square logo stays square (docs/site-look.md)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'courtside-e2e-square-'))
    const file = path.join(dir, 'square.png')
    await writeFile(file, TINY_PNG)
    await page.goto(`${server.baseUrl}/dashboard/site`)
    await page.getByRole('heading', { name: 'Site look' }).waitFor()
    await page.getByLabel('Logo', { exact: true }).setInputFiles(file)
    const preview = page.getByRole('img', { name: 'Logo preview' })
    await preview.waitFor()
    const box = await preview.evaluate((img) => {
      const style = getComputedStyle(img)
      const inner = (side: 'Left' | 'Right' | 'Top' | 'Bottom') =>
        Number.parseFloat(style[`padding${side}`]) + Number.parseFloat(style[`border${side}Width`])
      const rect = img.getBoundingClientRect()
      return { width: rect.width - inner('Left') - inner('Right'), height: rect.height - inner('Top') - inner('Bottom') }
    })
    expect(box.height).toBeGreaterThan(0)
    expect(Math.abs(box.width - box.height)).toBeLessThan(1)
    await rm(dir, { recursive: true, force: true })
  })
})
