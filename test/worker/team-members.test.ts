// Captains, roster invites, availability, reminders and forfeit-risk alerts (docs/members.md
// "League rules", "Captains", "Roster invites", "Availability").
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db/client'
import { writeForfeitAlerts, writeReminders } from '../../worker/members/availability'
import { flushNotifications } from '../../worker/notify/flush'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, unique } from '../helpers/factories'
import { giveEmail, lastMailTo, memberClient } from '../helpers/members'

const db = () => createDb(env.DB)
const quietEnv = { ...env, NOTIFY_QUIET_SECONDS: '0' } as typeof env

/** An organization, a season with two teams of three players, a game between them, and A's captain signed in. */
async function league(playersPerTeam = 3) {
  const t = await createTenant()
  const built = await buildSeason(t.ownerClient, t.org.id, { teamCount: 3, playersPerTeam })
  const [home, away, third] = built.teams as [(typeof built.teams)[0], (typeof built.teams)[0], (typeof built.teams)[0]]
  const teamPath = (teamId: number) => `/api/seasonsv2/${built.season.id}/leagues/${built.league.id}/teams/${teamId}`
  const slt = async (teamId: number) =>
    (
      await env.DB.prepare(
        'SELECT slt.id FROM seasons_leagues_teams slt JOIN seasons_leagues sl ON sl.id = slt.seasons_league_id WHERE sl.season_id = ? AND sl.league_id = ? AND slt.team_id = ?',
      )
        .bind(built.season.id, built.league.id, teamId)
        .first<{ id: number }>()
    )?.id as number
  const game = (
    await t.ownerClient.post('/api/games', {
      season_id: built.season.id,
      leagueId: built.league.id,
      team1_id: home.id,
      team2_id: away.id,
      date: '2026-12-05',
      time: '19:00',
      location: 'North gym',
    })
  ).body.game.id as number
  /** Signs in a team's player as a member (their e-mail given first). */
  const member = async (player: { id: number }, name = 'm') => {
    const email = `${unique(name)}@example.com`
    await giveEmail(player.id, email)
    return { email, client: await memberClient(t.org.slug, email) }
  }
  const captainOf = async (team: typeof home) => {
    const player = team.players[0] as { id: number }
    const marked = await t.ownerClient.put(`${teamPath(team.id)}/players/${player.id}/captain`, { captain: true })
    expect(marked.status, JSON.stringify(marked.body)).toBe(200)
    return { ...(await member(player, 'cap')), playerId: player.id, sltId: await slt(team.id) }
  }
  return { ...t, built, home, away, third, teamPath, slt, game, member, captainOf }
}

const rosterCount = async (sltId: number) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM rosters WHERE seasons_league_team_id = ?').bind(sltId).first<{ n: number }>())
    ?.n as number

async function setRules(t: Awaited<ReturnType<typeof league>>, rules: Record<string, unknown>) {
  const current = (await t.ownerClient.get(`/api/seasonsv2/${t.built.season.id}/leagues`)).body.leagues.find(
    (l: { id: number }) => l.id === t.built.league.id,
  )
  const res = await t.ownerClient.put(`/api/seasonsv2/${t.built.season.id}/leagues/${t.built.league.id}`, {
    name: current.name,
    version: current.version,
    ...rules,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.league
}

describe('league rules', () => {
  it('are read with the league (defaults shown), written with a rename, and validated with the DB unchanged', async () => {
    const t = await league(0)
    const listed = (await t.ownerClient.get(`/api/seasonsv2/${t.built.season.id}/leagues`)).body.leagues[0]
    expect(listed).toMatchObject({
      rosterSize: null,
      rosterDeadline: null,
      reminderHours: 48,
      minPlayers: 5,
      reportDeadlineHours: 48,
    })
    // The spec's rename ({ name, version }) is accepted as before and keeps the rules.
    const renamed = await setRules(t, {})
    expect(renamed).toMatchObject({ reminderHours: 48, minPlayers: 5 })
    const set = await setRules(t, {
      rosterSize: 12,
      rosterDeadline: '2027-01-31',
      reminderHours: 24,
      minPlayers: 6,
      reportDeadlineHours: 72,
    })
    expect(set).toMatchObject({
      rosterSize: 12,
      rosterDeadline: '2027-01-31',
      reminderHours: 24,
      minPlayers: 6,
      reportDeadlineHours: 72,
    })
    const bad = await t.ownerClient.put(`/api/seasonsv2/${t.built.season.id}/leagues/${t.built.league.id}`, {
      name: set.name,
      version: set.version,
      rosterSize: 0,
      minPlayers: 2.5,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.fields).toMatchObject({
      rosterSize: 'Roster size must be a whole number from 1 to 200',
      minPlayers: 'Minimum players must be a whole number from 1 to 50',
    })
    const after = (await t.ownerClient.get(`/api/seasonsv2/${t.built.season.id}/leagues`)).body.leagues[0]
    expect(after).toMatchObject({ rosterSize: 12, minPlayers: 6, version: set.version })
    // A null roster size removes the limit.
    expect(await setRules(t, { rosterSize: null })).toMatchObject({ rosterSize: null, minPlayers: 6 })
  })
})

describe('captains', () => {
  it('staff mark one or more captains on the roster; the first fills an empty display captain', async () => {
    const t = await league()
    const [p0, p1] = t.home.players as unknown as [{ id: number }, { id: number }]
    const path = `${t.teamPath(t.home.id)}/players`
    expect((await t.staffClient.put(`${path}/${p0.id}/captain`, { captain: true })).body.captains).toEqual([p0.id])
    expect((await t.staffClient.put(`${path}/${p1.id}/captain`, { captain: true })).body.captains.sort()).toEqual(
      [p0.id, p1.id].sort(),
    )
    const team = (await t.ownerClient.get(t.teamPath(t.home.id))).body.team
    expect(team.captain_id).toBe(p0.id)
    expect((await t.ownerClient.get(`${t.teamPath(t.home.id)}/captains`)).body.captains.sort()).toEqual([p0.id, p1.id].sort())
    expect((await t.staffClient.put(`${path}/${p1.id}/captain`, { captain: false })).body.captains).toEqual([p0.id])
    // A player of another team is not on this roster; a bad body is a 400; another organization's staff: 404.
    const outsider = t.away.players[0] as { id: number }
    expect((await t.staffClient.put(`${path}/${outsider.id}/captain`, { captain: true })).status).toBe(404)
    expect((await t.staffClient.put(`${path}/${p1.id}/captain`, { captain: 'yes' })).status).toBe(400)
    const other = await createTenant()
    expect((await other.ownerClient.put(`${path}/${p1.id}/captain`, { captain: true })).status).toBe(404)
    // A member is never staff.
    const m = await t.member(t.home.players[2] as { id: number })
    expect((await m.client.put(`${path}/${p1.id}/captain`, { captain: true })).status).toBe(401)
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM rosters WHERE captain = 1 AND player_id = ?').bind(p1.id).first())?.n,
    ).toBe(0)
  })
})

describe("a captain's team", () => {
  it('shows the roster with states and never an e-mail; a non-captain or another team is refused (403)', async () => {
    const t = await league()
    const cap = await t.captainOf(t.home)
    const mate = await t.member(t.home.players[1] as { id: number }, 'mate')
    const page = await cap.client.get(`/api/member/teams/${cap.sltId}`)
    expect(page.status, JSON.stringify(page.body)).toBe(200)
    expect(page.body.team).toMatchObject({ teamId: t.home.id, name: t.home.name })
    const states = Object.fromEntries(page.body.players.map((p: { id: number; state: string }) => [p.id, p.state]))
    expect(states).toEqual({
      [cap.playerId]: 'joined',
      [(t.home.players[1] as { id: number }).id]: 'joined',
      [(t.home.players[2] as { id: number }).id]: 'none',
    })
    expect(JSON.stringify(page.body)).not.toContain('@')
    expect(page.body.games).toEqual([expect.objectContaining({ id: t.game, counts: { in: 0, out: 0, maybe: 0, none: 3 } })])
    // A teammate who is not a captain, and a captain of another team, are refused.
    expect((await mate.client.get(`/api/member/teams/${cap.sltId}`)).status).toBe(403)
    expect((await mate.client.post(`/api/member/teams/${cap.sltId}/links`, { days: 7, maxUses: 5 })).status).toBe(403)
    expect((await mate.client.delete(`/api/member/teams/${cap.sltId}/players/${cap.playerId}`)).status).toBe(403)
    const otherCap = await t.captainOf(t.away)
    expect((await otherCap.client.get(`/api/member/teams/${cap.sltId}`)).status).toBe(403)
    expect(
      (
        await otherCap.client.post(`/api/member/teams/${cap.sltId}/invites`, {
          firstName: 'X',
          lastName: 'Y',
          email: 'x@example.com',
        })
      ).status,
    ).toBe(403)
    expect(await rosterCount(cap.sltId)).toBe(3)
    // Not signed in: 401.
    expect((await new Client().get(`/api/member/teams/${cap.sltId}`)).status).toBe(401)
  })

  it('invites by e-mail: the player is made and rostered, told who invited them to which team, and becomes joined on signing in', async () => {
    const t = await league()
    const cap = await t.captainOf(t.home)
    const email = `${unique('newbie')}@example.com`
    const res = await cap.client.post(`/api/member/teams/${cap.sltId}/invites`, { firstName: 'Nia', lastName: 'Newbie', email })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const invited = res.body.players.find((p: { firstName: string }) => p.firstName === 'Nia')
    expect(invited.state).toBe('invited')
    const mail = await lastMailTo(email)
    expect(mail?.headers['x-courtside-kind']).toBe('invite')
    expect(mail?.text).toContain(t.home.name)
    expect(mail?.text).toMatch(/\/member\/sign-in#/)
    const player = await env.DB.prepare('SELECT id, email FROM players WHERE organization_id = ? AND email = ?')
      .bind(t.org.id, email)
      .first<{ id: number }>()
    expect(player?.id).toBe(invited.id)
    await memberClient(t.org.slug, email)
    const after = await cap.client.get(`/api/member/teams/${cap.sltId}`)
    expect(after.body.players.find((p: { id: number }) => p.id === invited.id).state).toBe('joined')
    // Twice the same address: already on the team.
    expect(
      (await cap.client.post(`/api/member/teams/${cap.sltId}/invites`, { firstName: 'N', lastName: 'N', email })).status,
    ).toBe(409)
    const bad = await cap.client.post(`/api/member/teams/${cap.sltId}/invites`, { firstName: '', lastName: 'N', email: 'nope' })
    expect(bad.status).toBe(400)
    expect(bad.body.fields.email).toBe('Enter a valid e-mail address')
  })

  it('keeps within the roster size and deadline, and removes a player', async () => {
    const t = await league()
    const cap = await t.captainOf(t.home)
    await setRules(t, { rosterSize: 3 })
    const full = await cap.client.post(`/api/member/teams/${cap.sltId}/invites`, {
      firstName: 'Late',
      lastName: 'Comer',
      email: `${unique('late')}@example.com`,
    })
    expect(full.status).toBe(409)
    expect(full.body.message).toBe("This team's roster is full")
    expect(await rosterCount(cap.sltId)).toBe(3)
    const leaving = t.home.players[2] as { id: number }
    expect((await cap.client.delete(`/api/member/teams/${cap.sltId}/players/${leaving.id}`)).status).toBe(204)
    expect(await rosterCount(cap.sltId)).toBe(2)
    await setRules(t, { rosterDeadline: '2020-01-01' })
    const late = await cap.client.delete(`/api/member/teams/${cap.sltId}/players/${(t.home.players[1] as { id: number }).id}`)
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('The roster deadline has passed: the roster can no longer change')
    expect((await cap.client.post(`/api/member/teams/${cap.sltId}/links`, { days: 7, maxUses: 5 })).status).toBe(409)
    expect(await rosterCount(cap.sltId)).toBe(2)
  })
})

describe('share links', () => {
  async function withLink(maxUses = 5, days = 7) {
    const t = await league()
    const cap = await t.captainOf(t.home)
    const made = await cap.client.post(`/api/member/teams/${cap.sltId}/links`, { days, maxUses })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const token = (made.body.url as string).split('/join/')[1] as string
    return { ...t, cap, token, link: made.body.link }
  }
  const join = (slug: string, token: string, who: string, client = new Client()) =>
    client.post(`/api/member/join?slug=${slug}`, {
      token,
      firstName: who,
      lastName: 'Joiner',
      email: `${unique(who)}@example.com`,
    })

  it('are unguessable and stored hashed; a visitor joins by one and is e-mailed a sign-in link; a signed-in member joins at once', async () => {
    const t = await withLink()
    expect(t.token.length).toBeGreaterThanOrEqual(43)
    const stored = await env.DB.prepare('SELECT token_hash FROM roster_invites WHERE id = ?').bind(t.link.id).first()
    expect(JSON.stringify(stored)).not.toContain(t.token)
    const info = await new Client().post(`/api/member/join-link?slug=${t.org.slug}`, { token: t.token })
    expect(info.body).toMatchObject({ team: t.home.name, league: t.built.league.name })
    const email = `${unique('vis')}@example.com`
    const joined = await new Client().post(`/api/member/join?slug=${t.org.slug}`, {
      token: t.token,
      firstName: 'Vi',
      lastName: 'Sitor',
      email,
    })
    expect(joined.status, JSON.stringify(joined.body)).toBe(200)
    expect((await lastMailTo(email))?.text).toMatch(/\/member\/sign-in#/)
    // A member of the organization (on another team) joins at once with their own player.
    const other = await t.member(t.third.players[0] as { id: number })
    const direct = await other.client.post(`/api/member/join?slug=${t.org.slug}`, { token: t.token })
    expect(direct.status, JSON.stringify(direct.body)).toBe(200)
    expect(await rosterCount(t.cap.sltId)).toBe(5)
    const page = (await t.cap.client.get(`/api/member/teams/${t.cap.sltId}`)).body
    expect(page.links[0]).toMatchObject({ uses: 2, maxUses: 5, active: true })
    // Missing names from a visitor: 400 with field errors.
    const missing = await new Client().post(`/api/member/join?slug=${t.org.slug}`, { token: t.token })
    expect(missing.status).toBe(400)
    expect(Object.keys(missing.body.fields).sort()).toEqual(['email', 'firstName', 'lastName'])
  })

  it('say clearly when revoked, expired or used up, and the roster is unchanged', async () => {
    const t = await withLink(1)
    expect((await join(t.org.slug, t.token, 'first')).status).toBe(200)
    const usedUp = await join(t.org.slug, t.token, 'second')
    expect(usedUp.status).toBe(410)
    expect(usedUp.body.message).toBe('This invite link has been used up')
    const more = await t.cap.client.post(`/api/member/teams/${t.cap.sltId}/links`, { days: 1, maxUses: 5 })
    const token2 = (more.body.url as string).split('/join/')[1] as string
    expect((await t.cap.client.delete(`/api/member/teams/${t.cap.sltId}/links/${more.body.link.id}`)).status).toBe(204)
    const revoked = await join(t.org.slug, token2, 'third')
    expect(revoked.status).toBe(410)
    expect(revoked.body.message).toBe('This invite link was withdrawn by the captain')
    const more3 = await t.cap.client.post(`/api/member/teams/${t.cap.sltId}/links`, { days: 1, maxUses: 5 })
    await env.DB.prepare('UPDATE roster_invites SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, more3.body.link.id)
      .run()
    const expired = await join(t.org.slug, (more3.body.url as string).split('/join/')[1] as string, 'fourth')
    expect(expired.status).toBe(410)
    expect(expired.body.message).toBe('This invite link has expired')
    const unknown = await join(t.org.slug, 'x'.repeat(43), 'fifth')
    expect(unknown.status).toBe(404)
    // Another organization's site does not know the link.
    const other = await createTenant()
    expect((await join(other.org.slug, t.token, 'sixth')).status).toBe(404)
    expect(await rosterCount(t.cap.sltId)).toBe(4)
  })

  it('two joins for the last place: exactly one wins', async () => {
    const t = await withLink(10)
    await setRules(t, { rosterSize: 4 })
    const results = await Promise.all([join(t.org.slug, t.token, 'racea'), join(t.org.slug, t.token, 'raceb')])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    expect(results.find((r) => r.status === 409)?.body.message).toBe("This team's roster is full")
    expect(await rosterCount(t.cap.sltId)).toBe(4)
    const link = await env.DB.prepare('SELECT uses FROM roster_invites WHERE id = ?').bind(t.link.id).first<{ uses: number }>()
    expect(link?.uses).toBe(1)
  })

  it('a link with one use left joined twice at once: one wins', async () => {
    const t = await withLink(2)
    expect((await join(t.org.slug, t.token, 'early')).status).toBe(200)
    const results = await Promise.all([join(t.org.slug, t.token, 'lasta'), join(t.org.slug, t.token, 'lastb')])
    expect(results.map((r) => r.status).sort()).toEqual([200, 410])
    expect(await rosterCount(t.cap.sltId)).toBe(5)
    const link = await env.DB.prepare('SELECT uses FROM roster_invites WHERE id = ?').bind(t.link.id).first<{ uses: number }>()
    expect(link?.uses).toBe(2)
  })
})

describe('availability', () => {
  it('a member answers in one call; the captain sees counts and names; another team is refused (403)', async () => {
    const t = await league()
    const cap = await t.captainOf(t.home)
    const mate = await t.member(t.home.players[1] as { id: number }, 'mate')
    const stranger = await t.member(t.third.players[0] as { id: number }, 'str')
    expect((await mate.client.put(`/api/member/games/${t.game}/availability`, { answer: 'in' })).status).toBe(200)
    const mine = await cap.client.put(`/api/member/games/${t.game}/availability`, { answer: 'maybe' })
    expect(mine.status).toBe(200)
    expect(mine.body.answer).toBe('maybe')
    const view = mine.body.captainOf[0]
    expect(view.counts).toEqual({ in: 1, out: 0, maybe: 1, none: 1 })
    expect(view.players.find((p: { id: number }) => p.id === (t.home.players[1] as { id: number }).id).answer).toBe('in')
    expect(JSON.stringify(mine.body)).not.toContain('@')
    // A teammate sees their own answer only, no names.
    const mateView = await mate.client.get(`/api/member/games/${t.game}`)
    expect(mateView.body).toMatchObject({ answer: 'in', captainOf: [] })
    // A member of a team not in the game can neither read nor answer.
    expect((await stranger.client.get(`/api/member/games/${t.game}`)).status).toBe(403)
    expect((await stranger.client.put(`/api/member/games/${t.game}/availability`, { answer: 'in' })).status).toBe(403)
    expect((await mate.client.put(`/api/member/games/${t.game}/availability`, { answer: 'soon' })).status).toBe(400)
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM availability WHERE game_id = ?')
      .bind(t.game)
      .first<{ n: number }>()
    expect(rows?.n).toBe(2)
    // Staff and visitors are not members: 401.
    expect((await t.ownerClient.get(`/api/member/games/${t.game}`)).status).toBe(401)
  })

  it('a signed e-mail link shows without changing anything, records with a POST, and cannot be altered', async () => {
    const t = await league()
    const mate = await t.member(t.home.players[1] as { id: number }, 'mail')
    const { answerLinks } = await import('../../worker/members/availability')
    const memberId = (
      await env.DB.prepare('SELECT id FROM members WHERE player_id = ?')
        .bind((t.home.players[1] as { id: number }).id)
        .first<{ id: number }>()
    )?.id as number
    const signatures = await answerLinks(env, t.org.id, memberId, t.game)
    const look = await new Client().post(`/api/member/answer/preview?slug=${t.org.slug}`, {
      m: memberId,
      g: t.game,
      a: 'out',
      s: signatures.out,
    })
    expect(look.status, JSON.stringify(look.body)).toBe(200)
    expect(look.body).toMatchObject({ proposed: 'out', answer: null })
    expect((await mate.client.get(`/api/member/games/${t.game}`)).body.answer).toBeNull()
    const anon = new Client()
    const body = { m: memberId, g: t.game, a: 'out', s: signatures.out }
    const done = await anon.post(`/api/member/answer?slug=${t.org.slug}`, body)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.answer).toBe('out')
    // The "out" signature does not say "in"; nor another game; nor another organization.
    expect((await anon.post(`/api/member/answer?slug=${t.org.slug}`, { ...body, a: 'in' })).status).toBe(403)
    const other = await createTenant()
    expect((await anon.post(`/api/member/answer?slug=${other.org.slug}`, body)).status).toBe(403)
    expect((await mate.client.get(`/api/member/games/${t.game}`)).body.answer).toBe('out')
  })
})

describe('reminders and forfeit-risk alerts', () => {
  const soon = async (gameId: number, hours: number) =>
    env.DB.prepare('UPDATE games SET game_date_time = ? WHERE id = ?')
      .bind(new Date(Date.now() + hours * 3_600_000).toISOString(), gameId)
      .run()

  it('reminds each rostered member without an answer once, reminderHours before, with answer links', async () => {
    const t = await league()
    const cap = await t.captainOf(t.home)
    const mate = await t.member(t.home.players[1] as { id: number }, 'rem')
    const away = await t.member(t.away.players[0] as { id: number }, 'away')
    await cap.client.put(`/api/member/games/${t.game}/availability`, { answer: 'in' })
    await soon(t.game, 60)
    expect(await writeReminders(env, db())).toBe(0)
    await soon(t.game, 40)
    const count = async () =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE game_id = ? AND kind = 'availability_reminder'")
          .bind(t.game)
          .first<{ n: number }>()
      )?.n
    await writeReminders(env, db())
    expect(await count()).toBe(2)
    await writeReminders(env, db())
    expect(await count()).toBe(2)
    expect(await flushNotifications(db(), quietEnv, t.org.id, { type: 'flush' })).toBe('sent')
    const mail = await lastMailTo(mate.email)
    expect(mail?.text).toMatch(/Are you coming\?/)
    expect(mail?.text).toMatch(/\/member\/answer\?m=\d+&g=\d+&a=in&s=/)
    expect((await lastMailTo(away.email))?.text).toMatch(/a=maybe/)
    // Rostered members only: the captain answered and got none.
    expect((await lastMailTo(cap.email))?.text ?? '').not.toMatch(/Are you coming/)
  })

  it('alerts captains and staff once when In is under the minimum 24 hours before', async () => {
    const t = await league()
    const cap = await t.captainOf(t.home)
    await cap.client.put(`/api/member/games/${t.game}/availability`, { answer: 'in' })
    const staffEmail = `${unique('desk')}@example.com`
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?').bind(staffEmail, t.owner.id).run()
    await soon(t.game, 30)
    expect(await writeForfeitAlerts(env, db())).toBe(0)
    await soon(t.game, 20)
    // Home has a member (1 In of 5); away has no member and is not alerted.
    expect(await writeForfeitAlerts(env, db())).toBe(1)
    expect(await writeForfeitAlerts(env, db())).toBe(0)
    const staffMail = await lastMailTo(staffEmail)
    expect(staffMail?.subject).toContain('Forfeit risk')
    expect(staffMail?.text).toContain(`${t.home.name} has 1 of 5 players in`)
    const notes = await env.DB.prepare("SELECT member_id FROM notifications WHERE game_id = ? AND kind = 'forfeit_risk'")
      .bind(t.game)
      .all()
    expect(notes.results).toHaveLength(1)
    // At the minimum, no alert.
    const t2 = await league()
    const cap2 = await t2.captainOf(t2.home)
    await setRules(t2, { minPlayers: 1 })
    await cap2.client.put(`/api/member/games/${t2.game}/availability`, { answer: 'in' })
    await soon(t2.game, 20)
    await writeForfeitAlerts(env, db())
    expect(
      (
        await env.DB.prepare('SELECT count(*) AS n FROM availability_alerts WHERE game_id = ?')
          .bind(t2.game)
          .first<{ n: number }>()
      )?.n,
    ).toBe(0)
  })
})
