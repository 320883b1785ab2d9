// The members' foundation (docs/members.md, docs/notifications.md): signing in from a one-time
// e-mail link, member sessions kept apart from staff ones, the outbox sending each e-mail once, and
// changes gathered into one e-mail per member.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db/client'
import { deliver } from '../../worker/mail/outbox'
import { flushNotifications, unsubscribeUrl } from '../../worker/notify/flush'
import { Client } from '../helpers/client'
import { parseEml } from '../helpers/eml'
import { buildSeason, createTenant, unique } from '../helpers/factories'
import { giveEmail, lastMailTo, memberClient, signInTokenFor } from '../helpers/members'

const db = () => createDb(env.DB)
const quietEnv = { ...env, NOTIFY_QUIET_SECONDS: '0' } as typeof env

async function tenantWithPlayers() {
  const t = await createTenant()
  const built = await buildSeason(t.ownerClient, t.org.id, { teamCount: 2, playersPerTeam: 2 })
  return { ...t, built }
}

describe('signing in from a one-time link', () => {
  it('answers alike for a known and an unknown address, and e-mails a link only to the known one', async () => {
    const { org, built } = await tenantWithPlayers()
    const player = built.teams[0]?.players[0]
    const email = `${unique('ann')}@example.com`
    await giveEmail(player?.id as number, email)
    const client = new Client()
    const unknown = await client.post(`/api/member/sign-in-link?slug=${org.slug}`, { email: `${unique('x')}@example.com` })
    const known = await client.post(`/api/member/sign-in-link?slug=${org.slug}`, { email: email.toUpperCase() })
    expect(unknown.status).toBe(202)
    expect(known.status).toBe(202)
    expect(known.body).toEqual(unknown.body)
    const mail = await lastMailTo(email)
    expect(mail?.subject).toContain(org.name)
    expect(mail?.headers['x-courtside-kind']).toBe('sign-in')
    // The token is 256 random bits; only its hash is stored.
    const token = await signInTokenFor(email)
    expect(token.length).toBeGreaterThanOrEqual(43)
    const stored = await env.DB.prepare('SELECT token_hash FROM member_sign_in_links WHERE email = ?').bind(email).first()
    expect(JSON.stringify(stored)).not.toContain(token)
  })

  it('signs in once per link, in its own organization only, and makes the member of the player with that address', async () => {
    const { org, built } = await tenantWithPlayers()
    const other = await createTenant()
    const player = built.teams[0]?.players[0] as { id: number; firstName: string }
    const email = `${unique('bo')}@example.com`
    await giveEmail(player.id, email)
    const client = new Client()
    await client.post(`/api/member/sign-in-link?slug=${org.slug}`, { email })
    const token = await signInTokenFor(email)
    const elsewhere = await new Client().post(`/api/member/sign-in?slug=${other.org.slug}`, { token })
    expect(elsewhere.status).toBe(400)
    const first = await client.post(`/api/member/sign-in?slug=${org.slug}`, { token })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.member).toMatchObject({ email, player: { id: player.id, firstName: player.firstName } })
    expect(first.body.member.teams).toEqual([expect.objectContaining({ teamId: built.teams[0]?.id, captain: false })])
    const again = await new Client().post(`/api/member/sign-in?slug=${org.slug}`, { token })
    expect(again.status).toBe(400)
    expect(again.body.message).toMatch(/expired or was already used/)
    const me = await client.get(`/api/member/me?slug=${org.slug}`)
    expect(me.status).toBe(200)
    // A member is never staff: staff calls stay closed, and another organization's member area too.
    expect((await client.get('/api/usersv2')).status).toBe(401)
    expect((await client.post('/api/teams', { name: 'Sneaky' })).status).toBe(401)
    expect((await client.get(`/api/member/me?slug=${other.org.slug}`)).status).toBe(403)
    const out = await client.post('/api/member/sign-out')
    expect(out.status).toBe(204)
    expect((await client.get('/api/member/me')).status).toBe(401)
  })

  it('refuses an expired link, and throttles link requests per address', async () => {
    const { org, built } = await tenantWithPlayers()
    const email = `${unique('cy')}@example.com`
    await giveEmail(built.teams[1]?.players[0]?.id as number, email)
    const client = new Client()
    await client.post(`/api/member/sign-in-link?slug=${org.slug}`, { email })
    const token = await signInTokenFor(email)
    await env.DB.prepare('UPDATE member_sign_in_links SET expires_at = ? WHERE email = ?')
      .bind(Date.now() - 1, email)
      .run()
    expect((await client.post(`/api/member/sign-in?slug=${org.slug}`, { token })).status).toBe(400)
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await client.post(`/api/member/sign-in-link?slug=${org.slug}`, { email })).status)
    expect(statuses).toEqual([202, 202, 202, 202, 429])
    const bad = await client.post(`/api/member/sign-in-link?slug=${org.slug}`, { email: 'not-an-address' })
    expect(bad.status).toBe(400)
    expect(bad.body.fields.email).toBe('Enter a valid e-mail address')
  })
})

describe('notifications: one e-mail per member, each sent once', () => {
  it('gathers a moved and a cancelled game into one e-mail per affected member, and a second delivery sends nothing', async () => {
    const { org, ownerClient, built } = await tenantWithPlayers()
    const [home, away] = built.teams as [(typeof built.teams)[0], (typeof built.teams)[0]]
    const emails = [home.players[0], home.players[1], away.players[0]].map((p, i) => ({
      id: p?.id as number,
      email: `${unique(`m${i}`)}@example.com`,
    }))
    for (const { id, email } of emails) {
      await giveEmail(id, email)
      await memberClient(org.slug, email)
    }
    const game = async (date: string) =>
      (
        await ownerClient.post('/api/games', {
          season_id: built.season.id,
          leagueId: built.league.id,
          team1_id: home.id,
          team2_id: away.id,
          date,
          time: '19:00',
        })
      ).body.game ?? (await ownerClient.get(`/api/gamesv2?seasonId=${built.season.id}`)).body
    const g1 = await game('2026-03-03')
    const g2 = await game('2026-03-10')
    const firstFlush = await flushNotifications(db(), quietEnv, org.id, { type: 'flush' })
    expect(firstFlush).toBe('sent')
    const before = (
      await env.DB.prepare('SELECT max(id) AS id FROM mail_deliveries WHERE organization_id = ?')
        .bind(org.id)
        .first<{ id: number }>()
    )?.id as number
    expect((await ownerClient.put(`/api/games/${g1.id}`, { time: '20:30' })).status).toBeLessThan(300)
    expect((await ownerClient.put(`/api/games/${g2.id}`, { status: 'cancelled' })).status).toBeLessThan(300)
    expect(await flushNotifications(db(), quietEnv, org.id, { type: 'flush' })).toBe('sent')
    const rows =
      // The queue may already have sent them (the consumer runs beside the test): pending or sent alike.
      (
        await env.DB.prepare('SELECT id, to_address, raw FROM mail_deliveries WHERE organization_id = ? AND id > ?')
          .bind(org.id, before)
          .all<{ id: number; to_address: string; raw: string }>()
      ).results
    expect(rows.map((r) => r.to_address).sort()).toEqual(emails.map((e) => e.email).sort())
    const mail = parseEml(rows[0]?.raw as string)
    expect(mail.subject).toMatch(/^2 updates from /)
    expect(mail.text).toMatch(/Moved: .*8:30 PM.*\(was .*7:00 PM\)/)
    expect(mail.text).toMatch(/Cancelled: /)
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.headers['list-unsubscribe']).toMatch(/\/api\/member\/unsubscribe\?/)
    // Nothing is left waiting, and a flush run again finds nothing to send.
    expect(await flushNotifications(db(), quietEnv, org.id, { type: 'flush' })).toBe('nothing')
    // A delivery handed to the consumer twice is sent once.
    const copy = await env.DB.prepare(
      'INSERT INTO mail_deliveries (organization_id, member_id, to_address, subject, raw, created_at) SELECT organization_id, member_id, to_address, subject, raw, created_at FROM mail_deliveries WHERE id = ? RETURNING id',
    )
      .bind(rows[0]?.id)
      .first<{ id: number }>()
    const id = copy?.id as number
    expect(await deliver(db(), env, id)).toBe('sent')
    expect(await deliver(db(), env, id)).toBe('skipped')
  })
})

describe('choices and one-click unsubscribe', () => {
  it('lets a member switch kinds off, and a signed link unsubscribe with one POST and no session, for that member only', async () => {
    const { org, built } = await tenantWithPlayers()
    const other = await createTenant()
    const email = `${unique('un')}@example.com`
    await giveEmail(built.teams[0]?.players[0]?.id as number, email)
    const member = await memberClient(org.slug, email)
    expect((await member.get(`/api/member/notifications?slug=${org.slug}`)).body.choices).toEqual({
      changes: 'email',
      results: 'email',
      invites: 'email',
      reminders: 'email',
      alerts: 'email',
    })
    const changed = await member.put('/api/member/notifications', { choices: { results: 'none' } })
    expect(changed.body.choices).toMatchObject({ results: 'none', changes: 'email' })
    const id = (await member.get('/api/member/me')).body.member.id as number
    const link = await unsubscribeUrl(env, { ...org, customHostnameStatus: null }, 'http://localhost', id, 'all')
    const url = new URL(link)
    // A mail program's one-click POST: no cookie, no XSRF token, the RFC 8058 body.
    const stranger = new Client()
    const wrong = url.search.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
    const refused = await stranger.request('POST', `${url.pathname}${wrong}`, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      xsrf: false,
    })
    expect(refused.status).toBe(400)
    const otherOrg = url.search.replace(`slug=${org.slug}`, `slug=${other.org.slug}`)
    expect((await stranger.request('POST', `${url.pathname}${otherOrg}`, { xsrf: false })).status).toBe(400)
    const described = await stranger.get(`${url.pathname}${url.search}`)
    expect(described.body).toEqual({ organization: org.name, category: 'all', done: false })
    const done = await stranger.request('POST', `${url.pathname}${url.search}`, { xsrf: false })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect((await member.get('/api/member/notifications')).body.choices).toEqual({
      changes: 'none',
      results: 'none',
      invites: 'none',
      reminders: 'none',
      alerts: 'none',
    })
  })
})

describe('a season made public is announced', () => {
  it('tells every member of the season once when it is published or made active, and nothing before', async () => {
    const { org, ownerClient } = await createTenant()
    const built = await buildSeason(ownerClient, org.id, { teamCount: 2, playersPerTeam: 2, active: false })
    const emails: string[] = []
    for (const team of built.teams)
      for (const p of team.players) {
        const email = `${unique('s')}@example.com`
        emails.push(email)
        await giveEmail(p.id, email)
        await env.DB.prepare('INSERT INTO members (organization_id, player_id, email) VALUES (?, ?, ?)')
          .bind(org.id, p.id, email)
          .run()
      }
    const waiting = async () =>
      (
        await env.DB.prepare('SELECT kind, count(*) AS n FROM notifications WHERE organization_id = ? GROUP BY kind')
          .bind(org.id)
          .all<{ kind: string; n: number }>()
      ).results
    await ownerClient.post('/api/games', {
      season_id: built.season.id,
      leagueId: built.league.id,
      team1_id: built.teams[0]?.id,
      team2_id: built.teams[1]?.id,
      date: '2026-03-03',
      time: '19:00',
    })
    expect(await waiting()).toEqual([])
    const made = await ownerClient.put(`/api/seasonsv2/${built.season.id}`, { active: true })
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect(await waiting()).toEqual([{ kind: 'schedule_published', n: 4 }])
    expect(await flushNotifications(db(), quietEnv, org.id, { type: 'flush' })).toBe('sent')
    const mail = await lastMailTo(emails[0] as string)
    expect(mail?.text).toContain(`The ${built.season.name} schedule is out.`)
  })
})
