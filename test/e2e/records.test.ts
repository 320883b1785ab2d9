// Browser check of the record book, careers and splits, team history and print (docs/records.md),
// on the seeded `ocbl` league: the record book lists the records with links and follows its stat
// choice in the address; the stats page shows the career line, highs and splits; the team page its
// history; and the schedule, standings, a team's page and the record book print on A4 and Letter
// without the site's navigation, checked through Chromium's own print-to-PDF.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

/** Page sizes in PDF points, as Chromium writes them into each page's MediaBox. */
const PAPER = { A4: [595.28, 841.89], Letter: [612, 792] } as const

/** The MediaBox sizes of every page of a PDF (Chromium writes them uncompressed). */
function pageSizes(pdf: Buffer): number[][] {
  const text = pdf.toString('latin1')
  return [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [
    Number(m[3]) - Number(m[1]),
    Number(m[4]) - Number(m[2]),
  ])
}

describe('record book, careers and print', () => {
  let server: TestServer
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
  }, 300_000) // a fresh wrangler dev, migrated and seeded, on a machine shared with other runs

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await server?.stop()
  })

  it('lists the records with links, follows the stat choice and reaches a career with its splits', async () => {
    await page.goto(`${server.baseUrl}/ocbl/records`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Record Book')
    const singleGame = page
      .getByRole('region', { name: /^Single game: Points/ })
      .or(page.locator('section', { hasText: 'Single game: Points' }))
    await singleGame.first().getByRole('row').nth(1).waitFor()
    const firstRow = singleGame.first().locator('tbody tr').first()
    expect(await firstRow.locator('td').first().textContent()).toMatch(/^(T-)?1$/)
    expect(await firstRow.getByRole('link').count()).toBe(2) // the player and the game
    expect(await axeViolations(page)).toEqual([])

    // A percentage: the address keeps the choice, the lists become rates.
    const statChoice = page.getByLabel('Stat')
    const ftId = await statChoice.locator('option', { hasText: 'Free Throw Percentage' }).getAttribute('value')
    await statChoice.selectOption(ftId ?? '')
    await expect.poll(() => new URL(page.url()).searchParams.get('stat')).toBe(ftId)
    await page.getByRole('heading', { name: 'Career: Free Throw Percentage' }).waitFor()
    expect(await page.getByRole('heading', { name: /^Single game/ }).count()).toBe(0)

    // The single-game record holder's stats page: career, highs and splits.
    await page.goto(`${server.baseUrl}/ocbl/records`)
    const holder = page
      .locator('section', { hasText: 'Single game: Points' })
      .first()
      .locator('tbody tr')
      .first()
      .getByRole('link')
      .first()
    await holder.click()
    await page.getByRole('heading', { name: 'Career', exact: true }).waitFor()
    await page.getByRole('heading', { name: 'Career highs' }).waitFor()
    // The record holder's points high is the record itself, with its game.
    expect((await page.locator('.career-highs li').allTextContents()).some((t) => /^\d+ PTS \w{3} \d+, \d{4} vs /.test(t))).toBe(
      true,
    )
    await page.getByLabel('Split by').selectOption('location')
    const splitRows = page.locator('.splits-table tbody th')
    expect((await splitRows.allTextContents()).every((t) => t === 'Home' || t === 'Away')).toBe(true)
    await page.getByLabel('Split by').selectOption('month')
    await expect.poll(async () => (await splitRows.allTextContents()).length).toBeGreaterThan(0)
    expect(await axeViolations(page)).toEqual([])
  }, 120_000)

  it('prints the schedule, standings, a team and the record book on A4 and Letter without the navigation', async () => {
    await page.goto(`${server.baseUrl}/ocbl/teamList`)
    const team = page.locator('table a[href*="/teams/"]').first()
    await team.waitFor()
    const teamPath = new URL((await team.getAttribute('href')) ?? '', server.baseUrl).pathname
    for (const path of ['/ocbl/schedule', '/ocbl/teamList', teamPath, '/ocbl/records']) {
      await page.emulateMedia({ media: 'screen' })
      await page.goto(`${server.baseUrl}${path}`)
      await page.locator('main table').first().waitFor()
      if (path === teamPath) await page.getByRole('heading', { name: /^History/ }).waitFor()
      await page.emulateMedia({ media: 'print' })
      // No navigation or buttons on paper; table rows are never cut in two, headers repeat.
      expect(await page.locator('.site-nav').evaluate((e) => getComputedStyle(e).display), path).toBe('none')
      expect(
        await page
          .locator('main table thead')
          .first()
          .evaluate((e) => getComputedStyle(e).display),
        path,
      ).toBe('table-header-group')
      expect(
        await page
          .locator('main table tbody tr')
          .first()
          .evaluate((e) => getComputedStyle(e).breakInside),
        path,
      ).toBe('avoid')
      for (const [format, [width, height]] of Object.entries(PAPER)) {
        const pdf = await page.pdf({ format: format as 'A4' | 'Letter', printBackground: false })
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
        const sizes = pageSizes(pdf)
        expect(sizes.length, `${path} ${format}`).toBeGreaterThan(0)
        for (const [w, h] of sizes) {
          expect(Math.abs(w - width), `${path} ${format} width`).toBeLessThan(2)
          expect(Math.abs(h - height), `${path} ${format} height`).toBeLessThan(2)
        }
      }
    }
    await page.emulateMedia({ media: 'screen' })
  }, 180_000)
  it('prints the standings, schedule, a team and the record book light and without filters on the dark theme', async () => {
    await page.emulateMedia({ media: 'screen' })
    await page.goto(`${server.baseUrl}/ocbl/teamList`)
    const team = page.locator('table a[href*="/teams/"]').first()
    await team.waitFor()
    const teamPath = new URL((await team.getAttribute('href')) ?? '', server.baseUrl).pathname
    for (const path of ['/ocbl/teamList', '/ocbl/records', '/ocbl/schedule', teamPath]) {
      await page.emulateMedia({ media: 'screen' })
      await page.goto(`${server.baseUrl}${path}`)
      await page.locator('main table').first().waitFor()
      // The organization's dark theme (docs/site-look.md sets it on <html> the same way).
      await page.evaluate(() => {
        document.documentElement.dataset.theme = 'dark'
      })
      expect(
        await page
          .locator('main table td')
          .first()
          .evaluate((e) => getComputedStyle(e).color),
        path,
      ).not.toBe('rgb(0, 0, 0)')
      await page.emulateMedia({ media: 'print' })
      const found = await page.evaluate(() => {
        const luminance = (color: string) => {
          const [r, g, b, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number)
          if (a === 0) return null
          const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
          return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
        }
        const dark: string[] = []
        for (const element of document.querySelectorAll<HTMLElement>('html, body, main, main *')) {
          if (element.getClientRects().length === 0) continue
          const style = getComputedStyle(element)
          const background = luminance(style.backgroundColor)
          if (background !== null && background < 0.7)
            dark.push(`${element.tagName}.${element.className} background ${style.backgroundColor}`)
          const text = luminance(style.color)
          if (element.closest('main') && element.matches('td, th, td *, th *, h1, h2, p') && text !== null && text > 0.2)
            dark.push(`${element.tagName}.${element.className} text ${style.color}`)
        }
        const controls = [
          ...document.querySelectorAll<HTMLElement>('main select, main input, main label, main form, main button'),
        ]
          .filter((element) => element.getClientRects().length > 0)
          .map((element) => `${element.tagName} ${element.textContent?.trim().slice(0, 30)}`)
        return { dark: [...new Set(dark)].slice(0, 10), controls }
      })
      expect(found.dark, `${path}: dark surfaces or light text on paper`).toEqual([])
      expect(found.controls, `${path}: filters on paper`).toEqual([])
    }
    await page.emulateMedia({ media: 'screen' })
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light'
    })
  }, 180_000)
})
