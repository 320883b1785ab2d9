// Browser journey (docs/playoffs.md): staff build a four-team bracket from the seeded `ocbl`
// league's standings on the league page; a visitor on a phone follows the standings' "Tournament
// bracket" link, reads the semi-finals inside 375 px (no sideways page scroll, axe clean), sees a
// result and the final appear after a score is saved, and the link preview names the matchup. The
// same page at 1280 px shows the rounds side by side, still without page-wide scroll.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

const pageOverflow = (page: Page) =>
  page.evaluate(() => Math.max(0, (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth))

describe('playoff bracket', () => {
  let server: TestServer
  let browser: Browser
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
    await server?.stop()
  })

  it('is built from the standings in the admin and followed on a phone', async () => {
    const { seasons } = (await (await fetch(`${server.baseUrl}/api/seasonsv2?slug=ocbl`)).json()) as {
      seasons: { id: number; active: boolean }[]
    }
    const season = seasons.find((s) => s.active) as { id: number }
    const standings = (await (
      await fetch(`${server.baseUrl}/api/seasonsv2/${season.id}/leagues-with-teams-public?slug=ocbl`)
    ).json()) as {
      leagues: { id: number; name: string; teams: { id: number; name: string }[] }[]
    }
    const league = standings.leagues.find((l) => l.teams.length >= 4) as (typeof standings.leagues)[number]

    // Staff: the league page's playoffs panel.
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    contexts.push(admin)
    const page = await admin.newPage()
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('owner')
    await page.getByLabel('Password').fill('owner-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')
    await page.goto(`${server.baseUrl}/dashboard/seasons/${season.id}/leagues/${league.id}`)
    const form = page.getByRole('form', { name: 'New playoff bracket' })
    await form.getByLabel('Teams', { exact: true }).fill('4')
    await form.getByLabel('Round 1 night').fill('2031-05-04')
    await form.getByLabel('Round 1 time slots').fill('18:00, 19:00')
    await form.getByLabel('Round 2 night').fill('2031-05-11')
    await form.getByLabel('Round 2 time slots').fill('19:00')
    await form.getByRole('button', { name: 'Create bracket' }).click()
    await form.getByRole('status').waitFor()
    const bracketLink = page.getByRole('region', { name: 'Brackets of this league' }).getByRole('link').first()
    const href = (await bracketLink.getAttribute('href')) as string
    const bracketId = Number(href.split('/').pop())
    const { bracket } = (await (await fetch(`${server.baseUrl}/api/brackets/${bracketId}?slug=ocbl`)).json()) as {
      bracket: { name: string; seeds: { id: number }[]; slots: { team1: { id: number }; game: { id: number } }[] }
    }
    // Seeds are the standings' top four, in order.
    expect(bracket.seeds.map((s) => s.id)).toEqual(league.teams.slice(0, 4).map((t) => t.id))

    // A visitor on a phone: standings → the bracket.
    const phoneContext = await browser.newContext({
      bypassCSP: true,
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    })
    contexts.push(phoneContext)
    const phone = await phoneContext.newPage()
    await phone.goto(`${server.baseUrl}/ocbl/teamList`)
    await phone.getByRole('link', { name: /^Tournament bracket: / }).click()
    await phone.waitForURL(`**/ocbl/bracket/${bracketId}`)
    await phone.getByRole('heading', { name: 'Semi-finals' }).waitFor()
    const [one, two, three, four] = league.teams
    await phone.getByRole('list', { name: `${one.name} vs ${four.name}` }).waitFor()
    await phone.getByRole('list', { name: `${two.name} vs ${three.name}` }).waitFor()
    expect(await pageOverflow(phone), 'the page scrolls sideways at 375 px').toBe(0)
    expect(await axeViolations(phone)).toEqual([])

    // A result is saved (as staff would on the game page); the page shows it and the final.
    const semi = bracket.slots.find((s) => s.team1.id === one.id) as (typeof bracket.slots)[number]
    const xsrf = (await admin.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? ''
    const saved = await admin.request.put(`${server.baseUrl}/api/gamesv2/${semi.game.id}/scores`, {
      data: { score_home: 61, score_away: 52 },
      headers: { 'X-XSRF-TOKEN': xsrf },
    })
    expect(saved.status()).toBe(200)
    await phone.reload()
    await phone.getByRole('heading', { name: 'Final', exact: true }).waitFor()
    const final = phone.getByRole('list', { name: `${one.name} vs To be decided` })
    await final.waitFor()
    await phone.getByText(`${one.name} (winner)`).waitFor()
    expect(await pageOverflow(phone)).toBe(0)

    // The link preview names the next matchup.
    const html = await (await fetch(`${server.baseUrl}/ocbl/bracket/${bracketId}`)).text()
    expect(html).toContain(`<meta property="og:title" content="${bracket.name}: ${two.name} vs ${three.name}`)

    // At 1280 px: the rounds side by side, no page-wide scroll, axe clean.
    await phone.setViewportSize({ width: 1280, height: 900 })
    const semiBox = await phone.getByRole('heading', { name: 'Semi-finals' }).boundingBox()
    const finalBox = await phone.getByRole('heading', { name: 'Final', exact: true }).boundingBox()
    expect(finalBox?.x ?? 0).toBeGreaterThan((semiBox?.x ?? 0) + 100)
    expect(await pageOverflow(phone)).toBe(0)
    expect(await axeViolations(phone)).toEqual([])
  }, 180_000)
})
