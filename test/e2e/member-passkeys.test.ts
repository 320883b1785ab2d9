// Browser journey (docs/members.md "Passkeys"): a member signs in with the e-mailed link, adds a
// passkey, signs out, signs in with the passkey and removes it — through Chromium's virtual
// authenticator (CDP WebAuthn: ctap2, internal, user verification). WebAuthn needs a domain, not an
// IP address, as its relying party: the journey opens the server as localhost.
import { readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium } from '../helpers/browser'
import { signInAsMember } from '../helpers/members-browser'
import { startServer, type TestServer } from '../helpers/server'

const EMAIL = 'passkey-member@members.example'

/** Gives OCBL's first rostered player of the active season an e-mail, straight in the server's D1 file. */
function prepare(stateDir: string) {
  const dir = path.join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject')
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')
  const db = new DatabaseSync(path.join(dir, file as string))
  try {
    const org = db.prepare("SELECT id FROM organizations WHERE slug = 'ocbl'").get() as { id: number }
    const player = db
      .prepare('SELECT r.player_id AS id FROM rosters r WHERE r.organization_id = ? ORDER BY r.id LIMIT 1')
      .get(org.id) as { id: number }
    db.prepare('UPDATE players SET email = ? WHERE id = ?').run(EMAIL, player.id)
  } finally {
    db.close()
  }
}

describe('member passkeys', () => {
  let server: TestServer
  let browser: Browser
  let stateDir: string
  let base: string

  beforeAll(async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), 'courtside-passkeys-'))
    await (await startServer({ stateDir })).stop()
    prepare(stateDir)
    server = await startServer({ stateDir })
    base = server.baseUrl.replace('127.0.0.1', 'localhost')
    browser = await launchChromium()
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    if (stateDir) await rm(stateDir, { recursive: true, force: true })
  })

  it('adds a passkey after a link sign-in, signs in with it after signing out, and removes it', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, bypassCSP: true })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })

    // The first sign-in: the e-mailed link.
    await signInAsMember(page, server, EMAIL, 'ocbl', base)

    // Add a passkey on the member page.
    await page.goto(`${base}/ocbl/member`)
    const passkeys = page.locator('section', { has: page.getByRole('heading', { name: 'Passkeys', level: 2 }) })
    await passkeys.getByText('No passkeys yet.').waitFor()
    await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
    await passkeys.getByText(/^Added /).waitFor()
    expect(await axeViolations(page), 'the member page with a passkey').toEqual([])

    // Sign out, then sign in with the passkey alone.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.goto(`${base}/ocbl/member/sign-in`)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.getByRole('heading', { name: /^Hello, /, level: 1 }).waitFor()
    const me = await apiFromPage<{ member: { email: string } }>(page, 'GET', '/api/member/me?slug=ocbl')
    expect(me.status).toBe(200)

    // Remove it (the page asks first).
    await passkeys.getByRole('button', { name: 'Remove' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
    await passkeys.getByText('No passkeys yet.').waitFor()
    const left = await apiFromPage<{ passkeys: unknown[] }>(page, 'GET', '/api/member/passkeys?slug=ocbl')
    expect(left.body.passkeys).toEqual([])
  }, 240_000)
})
