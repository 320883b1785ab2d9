// Browser journey (docs/live-scoring.md): staff score a game on a phone — online, then offline (the
// taps wait on the phone, a reload loses none of them), then online again — while a visitor on the
// public game page sees every event arrive without reloading, and the final box score the game keeps
// equals the events. Needs the SPA built into web/dist and Chromium.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium, signInOnPage } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

interface Player {
  id: number
  firstName: string
  lastName: string
}
interface Detail {
  game: { id: number; status: string; score_home: number; score_away: number; homeTeam: { name: string } }
  homeRoster: Player[]
  awayRoster: Player[]
  allStats: { id: number; abbreviation: string }[]
  playerStats: { player_id: number; stat_id: number; value: number }[]
}

const fullName = (p: Player) => `${p.firstName} ${p.lastName}`

async function publicJson<T>(server: TestServer, path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}${path.includes('?') ? '&' : '?'}slug=ocbl`)
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`)
  return (await response.json()) as T
}

/** The PTS cell of a player's row on a box-score table. */
const pointsOf = (page: Page, player: Player) =>
  page.locator('tr', { has: page.locator('th', { hasText: fullName(player) }) }).locator('td[data-stat="PTS"]')

describe('live scoring', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('scores a game on a phone through an offline spell while a fan watches every event arrive', async () => {
    const listed = await publicJson<{ games: { id: number; status: string; score_team1: number; score_team2: number }[] }>(
      server,
      '/api/gamesv2',
    )
    let detail: Detail | undefined
    for (const g of listed.games
      .filter((x) => x.status === 'scheduled' && x.score_team1 === 0 && x.score_team2 === 0)
      .reverse()) {
      const body = await publicJson<Detail>(server, `/api/gamesv2/${g.id}`)
      if (body.homeRoster.length >= 2 && body.awayRoster.length >= 1) {
        detail = body
        break
      }
    }
    if (!detail) throw new Error('the seed has no scheduled game with both rosters')
    const gameId = detail.game.id
    const [h1, h2] = detail.homeRoster
    const [a1] = detail.awayRoster

    // The fan: the public game page, never reloaded.
    const fan = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await fan.goto(`${server.baseUrl}/ocbl/games/${gameId}`)
    await fan.getByRole('heading', { level: 1 }).waitFor()

    // The scorer: staff on a phone.
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
    const scorer = await phone.newPage()
    await scorer.goto(`${server.baseUrl}/ocbl/login`)
    await scorer.getByLabel('Username').fill('staff')
    await scorer.getByLabel('Password').fill('staff-local')
    await scorer.getByRole('button', { name: 'LOGIN' }).click()
    await scorer.waitForURL('**/dashboard/**')
    // Reached by clicks: the admin game page links to the scorer view.
    await scorer.goto(`${server.baseUrl}/games/${gameId}`)
    await scorer.getByRole('link', { name: 'Score live' }).click()
    await scorer.waitForURL(`**/games/${gameId}/live`)
    await scorer.getByTestId('sync-state').getByText('All events saved').waitFor()
    // Once the service worker runs the page, a reload stores the page and the game for offline use.
    await scorer.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await scorer.reload()
    await scorer.getByTestId('sync-state').getByText('All events saved').waitFor()
    expect(await scorer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    const tap = async (player: Player, action: string) => {
      await scorer.getByRole('button', { name: new RegExp(`^${fullName(player)}`) }).click()
      await scorer.getByRole('button', { name: action, exact: true }).click()
    }
    const liveScore = fan.getByTestId('live-score')

    // Online: each tap reaches the fan.
    await tap(h1, '2PT made')
    await liveScore.getByText('2–0').waitFor()
    await expect.poll(() => fan.getByTestId('live-status').textContent()).toBe('LIVE')
    await tap(a1, '3PT made')
    await liveScore.getByText('2–3').waitFor()

    // The organization's home and schedule show the game in their "Live now" strip, linking to it.
    const browsing = await browser.newPage({ viewport: { width: 375, height: 740 } })
    // (The game room writes events to D1 within a second: a page opened sooner lists it on its next read.)
    const inStrip = browsing
      .getByRole('complementary', { name: 'Live now' })
      .getByRole('link', { name: new RegExp(`^${detail.game.homeTeam.name} vs `) })
    for (const page of ['', '/schedule']) {
      await expect
        .poll(
          async () => {
            await browsing.goto(`${server.baseUrl}/ocbl${page}`)
            return inStrip.waitFor({ timeout: 3_000 }).then(
              () => true,
              () => false,
            )
          },
          { timeout: 15_000, interval: 1_000 },
        )
        .toBe(true)
      await inStrip.click()
      await browsing.waitForURL(`**/ocbl/games/${gameId}`)
    }
    await browsing.close()

    // Offline: taps wait on the phone, and survive a reload.
    await phone.setOffline(true)
    await tap(h2, 'FT made')
    await tap(h1, '3PT made')
    await scorer.getByRole('button', { name: 'Undo 3PT made' }).click()
    await scorer.getByTestId('sync-state').getByText('offline — 3 events waiting').waitFor()
    await expect.poll(() => scorer.getByTestId('score-home').textContent()).toBe('3')
    await scorer.reload()
    await scorer
      .getByTestId('sync-state')
      .getByText(/3 events waiting/)
      .waitFor()
    // The queued events are read back from IndexedDB after the reload: the score follows them.
    await expect.poll(() => scorer.getByTestId('score-home').textContent()).toBe('3')
    expect(await liveScore.textContent()).toBe('2–3')

    // Back online: the waiting events go, in order, and the fan sees them.
    await phone.setOffline(false)
    await scorer.getByTestId('sync-state').getByText('All events saved').waitFor()
    await liveScore.getByText('3–3').waitFor()

    // Next period, one more basket, and the final whistle (confirmed).
    await scorer.getByRole('button', { name: 'Next period' }).click()
    await fan.getByTestId('live-period').getByText('2nd Quarter').waitFor()
    await tap(a1, '2PT made')
    await scorer.getByRole('button', { name: 'End game' }).click()
    await scorer.getByRole('dialog').getByRole('button', { name: 'End game' }).click()
    await fan.getByTestId('live-status').getByText('FINAL').waitFor()
    await liveScore.getByText('3–5').waitFor()
    expect(await pointsOf(fan, h1).first().textContent()).toBe('2')
    expect(await pointsOf(fan, h2).first().textContent()).toBe('1')
    expect(await pointsOf(fan, a1).first().textContent()).toBe('5')

    // The game keeps the box score and final score the events give.
    await expect
      .poll(async () => (await publicJson<Detail>(server, `/api/gamesv2/${gameId}`)).game.status, { timeout: 15_000 })
      .toBe('completed')
    const saved = await publicJson<Detail>(server, `/api/gamesv2/${gameId}`)
    expect([saved.game.score_home, saved.game.score_away]).toEqual([3, 5])
    const pts = saved.allStats.find((s) => s.abbreviation === 'PTS')?.id
    const savedPoints = (p: Player) => saved.playerStats.find((r) => r.player_id === p.id && r.stat_id === pts)?.value
    expect([savedPoints(h1), savedPoints(h2), savedPoints(a1)]).toEqual([2, 1, 5])
    await phone.close()
    await fan.close()
  })

  it('opens with no network after one online visit: the game shows and taps wait on the phone', async () => {
    const listed = await publicJson<{ games: { id: number; status: string; score_team1: number; score_team2: number }[] }>(
      server,
      '/api/gamesv2',
    )
    let detail: Detail | undefined
    // The first such game from the start of the list: the journey above takes one from the end.
    for (const g of listed.games.filter((x) => x.status === 'scheduled' && x.score_team1 === 0 && x.score_team2 === 0)) {
      const body = await publicJson<Detail>(server, `/api/gamesv2/${g.id}`)
      if (body.homeRoster.length >= 1 && body.awayRoster.length >= 1) {
        detail = body
        break
      }
    }
    if (!detail) throw new Error('the seed has no scheduled game with both rosters')
    const gameId = detail.game.id
    const [h1] = detail.homeRoster

    // The scorer's only online visit: signed in, then the admin game page's link, as in the gym's car park.
    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    })
    const scorer = await phone.newPage()
    await scorer.goto(`${server.baseUrl}/ocbl/login`)
    await scorer.getByLabel('Username').fill('staff')
    await scorer.getByLabel('Password').fill('staff-local')
    await scorer.getByRole('button', { name: 'LOGIN' }).click()
    await scorer.waitForURL('**/dashboard/**')
    await scorer.goto(`${server.baseUrl}/games/${gameId}`)
    await scorer.getByRole('link', { name: 'Score live' }).click()
    await scorer.waitForURL(`**/games/${gameId}/live`)
    await scorer.getByTestId('sync-state').getByText('All events saved').waitFor()
    // The page tells the scorer once this phone keeps everything it needs to open offline.
    await scorer.getByTestId('offline-ready').waitFor({ timeout: 20_000 })
    expect(await axeViolations(scorer)).toEqual([])

    // In the gym: no network, and the page is opened again.
    await phone.setOffline(true)
    await scorer.reload()
    await scorer.getByRole('button', { name: new RegExp(`^${fullName(h1)}`) }).waitFor()
    expect(await scorer.getByTestId('score-home').textContent()).toBe('0')
    await scorer.getByRole('button', { name: new RegExp(`^${fullName(h1)}`) }).click()
    await scorer.getByRole('button', { name: '2PT made', exact: true }).click()
    await scorer.getByTestId('sync-state').getByText('offline — 1 event waiting').waitFor()
    expect(await scorer.getByTestId('score-home').textContent()).toBe('2')
    expect(await scorer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    // Back online, the waiting tap goes to the game's room.
    await phone.setOffline(false)
    await scorer.getByTestId('sync-state').getByText('All events saved').waitFor()
    const state = await publicJson<{ events: { action: string; playerId: number }[] }>(server, `/api/live/games/${gameId}`)
    expect(state.events.map((e) => [e.action, e.playerId])).toEqual([['two_made', h1.id]])
    await phone.close()
  })

  it('a fan watching a live game closed at the desk is let go and sees the desk’s result', async () => {
    const listed = await publicJson<{ games: { id: number; status: string; score_team1: number; score_team2: number }[] }>(
      server,
      '/api/gamesv2',
    )
    const candidates = []
    for (const g of listed.games.filter((x) => x.status === 'scheduled' && x.score_team1 === 0 && x.score_team2 === 0)) {
      const body = await publicJson<Detail>(server, `/api/gamesv2/${g.id}`)
      if (body.homeRoster.length >= 1 && body.awayRoster.length >= 1) candidates.push(body)
      if (candidates.length === 2) break
    }
    // The second such game from the start: the journeys above take the first and the last.
    const detail = candidates.at(-1)
    if (!detail) throw new Error('the seed has no scheduled game with both rosters')
    const gameId = detail.game.id
    const desk = await browser.newPage()
    await signInOnPage(desk, server.baseUrl, 'ocbl', 'staff')
    const basket = { id: `desk-${Date.now()}`, deviceId: 'desk-phone', seq: 1, action: 'two_made', period: 1 }
    const sent = await apiFromPage(desk, 'POST', `/api/live/games/${gameId}/events`, {
      events: [{ ...basket, playerId: detail.homeRoster[0].id }],
    })
    expect(sent.status).toBe(200)

    const fan = await browser.newPage({ viewport: { width: 375, height: 740 } })
    let sockets = 0
    fan.on('websocket', () => {
      sockets += 1
    })
    await fan.goto(`${server.baseUrl}/ocbl/games/${gameId}`)
    await fan.getByTestId('live-score').getByText('2–0').waitFor()

    // The desk records the result: the fan's page drops the live panel for it, without a reload.
    const version = (await apiFromPage<Detail & { game: { version: number } }>(desk, 'GET', `/api/gamesv2/${gameId}`)).body.game
      .version
    const saved = await apiFromPage(desk, 'PUT', `/api/gamesv2/${gameId}/scores`, { score_home: 40, score_away: 45, version })
    expect(saved.status).toBe(200)
    await fan.locator('.game-header-score', { hasText: '45' }).waitFor()
    expect(await fan.getByTestId('live-status').count()).toBe(0)
    // Let go for good: no reconnecting to a closed game (a reconnect would come within a second).
    await new Promise((r) => setTimeout(r, 2_500))
    expect(sockets).toBe(1)
    await fan.close()
    await desk.close()
  })
})
