// Browser journey (docs/members.md "Signing in"): at 375 px a player whose record carries an e-mail
// finds "Player sign-in" in the site's footer, asks for a link, opens it from the .eml the server
// wrote, and lands on their own page (greeting, team, account). The used link then says so and
// offers a new one. Axe clean, no sideways scroll; screenshots at 375 and 1280 px in
// test-artifacts/member-accounts/. Needs the SPA built into web/dist and Chromium.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium, signInOnPage } from '../helpers/browser'
import { linkIn, waitForMail } from '../helpers/mail'
import { startServer, type TestServer } from '../helpers/server'

const SHOTS = path.resolve('test-artifacts/member-accounts')
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('member accounts', () => {
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

  it('at 375 px a player asks for a sign-in link, opens it from the e-mail and lands on their own page', async () => {
    // Staff give a rostered player of OCBL an e-mail (the players API, as the player form does).
    const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await signInOnPage(staff, server.baseUrl, 'ocbl', 'staff')
    const listed = await apiFromPage<{ players: { id: number; firstName: string; rosters: unknown[] }[] }>(
      staff,
      'GET',
      '/api/playersv2?slug=ocbl',
    )
    const player = listed.body.players.find((p) => p.rosters.length > 0)
    expect(player).toBeDefined()
    const email = `player-${Date.now()}@members.example`
    const saved = await apiFromPage(staff, 'PUT', `/api/playersv2/${player?.id}`, { email })
    expect(saved.status).toBe(200)
    await staff.close()

    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, bypassCSP: true })
    const ask = await context.newPage()
    await ask.goto(`${server.baseUrl}/ocbl`)
    await ask.getByRole('link', { name: 'Player sign-in' }).click()
    await ask.getByRole('heading', { name: 'Player sign-in', level: 1 }).waitFor()
    expect(await axeViolations(ask), 'the sign-in form').toEqual([])
    await ask.getByLabel('E-mail address', { exact: true }).fill(email.toUpperCase())
    await ask.getByRole('button', { name: 'Send me a sign-in link' }).click()
    await ask.getByText('Check your inbox.', { exact: false }).waitFor()
    expect(await noSideScroll(ask)).toBe(true)
    await ask.screenshot({ path: `${SHOTS}/link-sent-375.png`, fullPage: true })

    // The link opens in a new tab, as from a mail app.
    const mail = await waitForMail(server.mailDir, (m) => m.to.includes(email))
    const link = linkIn(mail, '/member/sign-in#')
    const page = await context.newPage()
    await page.goto(link)
    await page.getByRole('heading', { name: `Hello, ${player?.firstName}`, level: 1 }).waitFor()
    expect(page.url()).toMatch(/\/ocbl\/member$/)
    await page.getByRole('heading', { name: 'My teams' }).waitFor()
    await page.getByRole('heading', { name: 'My upcoming games' }).waitFor()
    await page.getByText(`E-mail: ${email}`).waitFor()
    await page
      .getByText('No upcoming games.')
      .or(page.locator('.member-item a[href*="/member/games/"]').first())
      .first()
      .waitFor()
    expect(await noSideScroll(page), 'no sideways scroll at 375 px').toBe(true)
    await page.screenshot({ path: `${SHOTS}/member-page-375.png`, fullPage: true })
    expect(await axeViolations(page), 'the member page at 375 px').toEqual([])
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({ path: `${SHOTS}/member-page-1280.png`, fullPage: true })
    expect(await axeViolations(page), 'the member page at 1280 px').toEqual([])

    // The same link again: used up, said plainly, with a way to ask for a new one.
    const other = await browser.newPage({ viewport: { width: 375, height: 800 }, bypassCSP: true })
    await other.goto(link)
    await other.getByText('This sign-in link has expired or was already used.').waitFor()
    await other.getByRole('button', { name: 'Send a new link' }).waitFor()
    expect(other.url()).not.toContain('#')
    await other.screenshot({ path: `${SHOTS}/used-link-375.png`, fullPage: true })
    expect(await axeViolations(other), 'the used link').toEqual([])
    await other.close()
    await context.close()
  }, 180_000)

  it("staff edit a player's private e-mail and hide the name on the public site from the player form", async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 900 }, bypassCSP: true })
    await signInOnPage(page, server.baseUrl, 'ocbl', 'staff')
    const listed = await apiFromPage<{ players: { id: number; firstName: string; lastName: string; rosters: unknown[] }[] }>(
      page,
      'GET',
      '/api/playersv2?slug=ocbl',
    )
    const player = listed.body.players.find((p) => p.rosters.length > 0 && p.id !== listed.body.players[0]?.id)
    await page.goto(`${server.baseUrl}/dashboard/players/${player?.id}`)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    const email = `form-${Date.now()}@members.example`
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await page.getByLabel('Hide name on the public site').check()
    expect(await axeViolations(page), 'the player form').toEqual([])
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: `${SHOTS}/player-form-375.png`, fullPage: true })
    await page.getByRole('button', { name: 'Update', exact: true }).click()
    await page.getByText('Player updated').waitFor()
    const staffView = await apiFromPage<{ player: { email: string; hideName: boolean; lastName: string } }>(
      page,
      'GET',
      `/api/playersv2/${player?.id}`,
    )
    expect(staffView.body.player).toMatchObject({ email, hideName: true, lastName: player?.lastName })
    // The public site names them with the neutral word, and never shows the address.
    const visitor = await browser.newPage({ viewport: { width: 375, height: 900 }, bypassCSP: true })
    await visitor.goto(`${server.baseUrl}/ocbl/players/${player?.id}`)
    await visitor.getByRole('heading', { name: 'Hidden player', level: 1 }).waitFor()
    expect(await visitor.content()).not.toContain(email)
    await visitor.close()
    await page.close()
  }, 180_000)
})
