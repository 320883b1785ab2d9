// Browser journey: an organization owner builds a season's league structure — a season, two
// leagues reordered by dragging, a team with two players (one with a photo), and a division the
// team is dragged into — and every change survives a reload.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, TINY_PNG } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

/** The league names of the season's league table, top to bottom. */
async function leagueOrder(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Leagues of this season' })
  await table.waitFor()
  return table.locator('tbody tr td:nth-child(4)').allInnerTexts()
}

/**
 * dnd-kit's keyboard drag: Space lifts, arrows move, Space drops. The sensor starts listening a
 * tick after the lift and measures between moves, so each key waits for the page to settle.
 */
async function keyboardDrag(page: Page, handle: Locator, keys: string[]) {
  await handle.focus()
  await page.keyboard.press('Space')
  await page.waitForTimeout(150)
  for (const key of keys) {
    await page.keyboard.press(key)
    await page.waitForTimeout(150)
  }
  await page.keyboard.press('Space')
}

/** A real pointer drag: press on the handle, travel in steps (dnd-kit needs movement), release. */
async function dragWithMouse(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox()
  const to = await target.boundingBox()
  if (!from || !to) throw new Error('Drag handle or target is not visible')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 })
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 })
  await page.mouse.up()
}

describe('league structure', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  let tempDir: string
  let photoPath: string

  beforeAll(async () => {
    tempDir = await mkdtemp(path.join(tmpdir(), 'courtside-e2e-photo-'))
    photoPath = path.join(tempDir, 'player-photo.png')
    await writeFile(photoPath, TINY_PNG)
    server = await startServer()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    if (tempDir) await rm(tempDir, { recursive: true, force: true })
  })

  it('builds a season with reordered leagues, a team with players and a division, and keeps them after reload', async () => {
    // Sign in on the organization's own sign-in page.
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('owner')
    await page.getByLabel('Password').fill('owner-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')
    await page.getByRole('heading', { name: 'SEASONS' }).waitFor()

    // A new season.
    await page.getByRole('button', { name: 'Add Season' }).click()
    const seasonDialog = page.getByRole('dialog', { name: 'Add Season' })
    await seasonDialog.getByLabel('Name').fill('E2E Spring')
    await seasonDialog.getByLabel('Start').fill('2031-03-01')
    await seasonDialog.getByLabel('Finish').fill('2031-06-30')
    await seasonDialog.getByRole('button', { name: 'Add Season' }).click()
    await seasonDialog.waitFor({ state: 'detached' })
    await page.getByText('E2E Spring created').waitFor()
    await page.getByRole('link', { name: 'E2E Spring' }).click()
    await page.waitForURL(/\/dashboard\/seasons\/\d+$/)
    const seasonUrl = page.url()
    await page.getByRole('heading', { name: 'E2E Spring', level: 1 }).waitFor()
    await page.getByText('No leagues available').waitFor()
    await page.getByText('No divisions created yet').waitFor()

    // Two leagues.
    for (const name of ['Alpha League', 'Beta League']) {
      await page.getByRole('button', { name: 'Add League' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add League' })
      await dialog.getByLabel('League name').fill(name)
      await dialog.getByRole('button', { name: 'Add League' }).click()
      await dialog.waitFor({ state: 'detached' })
      await page.getByText(`${name} created`).waitFor()
      await page.getByRole('link', { name }).waitFor()
    }
    expect(await leagueOrder(page)).toEqual(['Alpha League', 'Beta League'])

    // Reorder with the keyboard: lift Beta, move it up, drop it.
    const saved = page.waitForResponse((r) => r.url().endsWith('/leagues/order') && r.request().method() === 'PUT')
    const betaHandle = page.getByRole('button', { name: 'Move Beta League' })
    await keyboardDrag(page, betaHandle, ['ArrowUp'])
    expect((await saved).ok()).toBe(true)
    expect(await leagueOrder(page)).toEqual(['Beta League', 'Alpha League'])
    await page.reload()
    await expect.poll(() => leagueOrder(page)).toEqual(['Beta League', 'Alpha League'])

    // A team in Beta League.
    await page.getByRole('link', { name: 'Beta League' }).click()
    await page.getByRole('heading', { name: 'Beta League', level: 1 }).waitFor()
    await page.getByText('No teams available').waitFor()
    await page.getByRole('button', { name: 'Add Team' }).click()
    const teamDialog = page.getByRole('dialog', { name: 'Add Team' })
    await teamDialog.getByLabel('Team name').fill('E2E Hawks')
    await teamDialog.getByRole('button', { name: 'Add Team' }).click()
    await teamDialog.waitFor({ state: 'detached' })
    await page.getByText('E2E Hawks created').waitFor()
    // A new team has no players: the small-roster warning shows.
    await expect(page.getByRole('img', { name: 'Team has fewer than 5 players' }).count()).resolves.toBe(1)

    // Two new players, the second with a photo.
    await page.getByRole('link', { name: 'E2E Hawks' }).click()
    await page.getByRole('heading', { name: 'E2E Hawks', level: 1 }).waitFor()
    await page.getByText('No players available').waitFor()
    const players = [
      { first: 'Ada', last: 'Hoopster', photo: false },
      { first: 'Bo', last: 'Baller', photo: true },
    ]
    for (const player of players) {
      await page.getByRole('button', { name: 'Add Player' }).click()
      const dialog = page.getByRole('dialog', { name: 'Add Player' })
      await dialog.getByLabel('New player').check()
      await dialog.getByLabel('First name').fill(player.first)
      await dialog.getByLabel('Last name').fill(player.last)
      if (player.photo) {
        await dialog.getByLabel('Photo', { exact: true }).setInputFiles(photoPath)
        await dialog.getByRole('img', { name: 'Photo preview' }).waitFor()
      }
      await dialog.getByRole('button', { name: 'Add Player' }).click()
      await dialog.waitFor({ state: 'detached' })
      await page.getByText(`${player.first} ${player.last} added`).waitFor()
    }
    const roster = page.getByRole('table', { name: 'Roster' })
    await roster.getByRole('link', { name: 'Ada Hoopster' }).waitFor()
    await roster.getByRole('link', { name: 'Bo Baller' }).waitFor()
    const photo = roster.getByRole('row').filter({ hasText: 'Bo Baller' }).locator('img')
    await photo.waitFor()
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
      .toBe(true)

    // Several in a row: "Add and Add Another" saves and brings the form back empty, still on New player.
    await page.getByRole('button', { name: 'Add Player' }).click()
    const many = page.getByRole('dialog', { name: 'Add Player' })
    await many.getByLabel('New player').check()
    for (const [first, last] of [
      ['Cy', 'Court'],
      ['Di', 'Dunk'],
    ]) {
      await many.getByLabel('First name').fill(first)
      await many.getByLabel('Last name').fill(last)
      await many.getByRole('button', { name: 'Add and Add Another' }).click()
      await page.getByText(`${first} ${last} added`).waitFor()
      await expect(many.getByLabel('First name').inputValue()).resolves.toBe('')
      await expect(many.getByLabel('New player').isChecked()).resolves.toBe(true)
    }
    await many.getByRole('button', { name: 'Cancel' }).click()
    await many.waitFor({ state: 'detached' })

    // An existing player is found by name, marked when already on the team, picked and cleared again.
    await page.getByRole('button', { name: 'Add Player' }).click()
    const existing = page.getByRole('dialog', { name: 'Add Player' })
    await existing.getByLabel('Existing player').check()
    await existing.getByLabel('Search players').fill('Hoopster')
    await existing
      .getByRole('list', { name: 'Matching players' })
      .getByRole('button', { name: /^Ada Hoopster · E2E Hawks \(on this team\)$/ })
      .click()
    await existing.getByText('Selected: Ada Hoopster').waitFor()
    await existing.getByRole('button', { name: 'Clear' }).click()
    await existing.getByLabel('Search players').waitFor()
    await existing.getByRole('button', { name: 'Cancel' }).click()
    await existing.waitFor({ state: 'detached' })
    await roster.getByRole('link', { name: 'Cy Court' }).waitFor()
    await roster.getByRole('link', { name: 'Di Dunk' }).waitFor()

    // A division, and the team dragged into it with the mouse.
    await page.goto(seasonUrl)
    await page.getByRole('heading', { name: 'E2E Spring', level: 1 }).waitFor()
    await page.getByLabel('Division name').fill('Gold')
    await page.getByRole('button', { name: 'Add Division' }).click()
    const gold = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gold' }) })
    await gold.getByText('Drop teams here').waitFor()

    const assigned = page.waitForResponse((r) => /\/api\/divisions\/\d+\/teams$/.test(r.url()) && r.request().method() === 'POST')
    await dragWithMouse(page, page.getByRole('button', { name: 'Move E2E Hawks to a division' }), gold)
    expect((await assigned).ok()).toBe(true)
    await gold.getByText('E2E Hawks').waitFor()

    // The keyboard does the same: out of Gold to the standings, and back in.
    const removed = page.waitForResponse(
      (r) => /\/api\/divisions\/\d+\/teams\/\d+$/.test(r.url()) && r.request().method() === 'DELETE',
    )
    await keyboardDrag(page, gold.getByRole('button', { name: 'Move E2E Hawks', exact: true }), ['ArrowUp'])
    expect((await removed).ok()).toBe(true)
    await gold.getByText('Drop teams here').waitFor()
    const readded = page.waitForResponse((r) => /\/api\/divisions\/\d+\/teams$/.test(r.url()) && r.request().method() === 'POST')
    await keyboardDrag(page, page.getByRole('button', { name: 'Move E2E Hawks to a division' }), ['ArrowDown'])
    expect((await readded).ok()).toBe(true)

    await page.reload()
    const goldAfterReload = page.getByRole('list', { name: 'Teams in Gold' })
    await goldAfterReload.getByText('E2E Hawks').waitFor()
    await page.getByText('Every team is in a division.').waitFor()
  })
})
