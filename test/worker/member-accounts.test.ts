// Member accounts (docs/members.md "Accounts", "Privacy"): the player's private e-mail on the staff
// side only, a member's own data and deleting the account, and names hidden on the public site.
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { PUBLIC_READS } from '../../worker/lib/openapi'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, insertGame, unique } from '../helpers/factories'
import { giveEmail, memberClient } from '../helpers/members'

vi.setConfig({ testTimeout: 30_000 })

const playerForm = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return form
}

async function world() {
  const t = await createTenant()
  const built = await buildSeason(t.ownerClient, t.org.id, { teamCount: 2, playersPerTeam: 2 })
  return { ...t, built }
}

describe("a player's e-mail on the staff side", () => {
  it('is kept lower-case, shown to staff only, checked, and unique per organization (409 naming the holder)', async () => {
    const { org, ownerClient, built } = await world()
    const ann = built.teams[0]?.players[0] as { id: number; firstName: string; lastName: string }
    const bo = built.teams[0]?.players[1] as { id: number }
    const email = `${unique('Ann')}@Example.com`
    const v1 = (await ownerClient.get(`/api/playersv2/${ann.id}`)).body.player.version
    const saved = await ownerClient.putForm(`/api/playersv2/${ann.id}`, playerForm({ email, version: String(v1) }))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.player.email).toBe(email.toLowerCase())
    expect(saved.body.player.hideName).toBe(false)
    // Never in the public answer about the same player.
    const open = await new Client().get(`/api/playersv2/${ann.id}?slug=${org.slug}`)
    expect(open.status).toBe(200)
    expect(JSON.stringify(open.body)).not.toContain(email.toLowerCase())
    expect(open.body.player).not.toHaveProperty('email')
    // A bad address: a 400 field error, nothing written.
    const bad = await ownerClient.putForm(`/api/playersv2/${bo.id}`, playerForm({ email: 'not an address' }))
    expect(bad.status).toBe(400)
    expect(bad.body.fields?.email).toBeTruthy()
    // The same address for another player: a 409 naming who has it.
    const clash = await ownerClient.putForm(`/api/playersv2/${bo.id}`, playerForm({ email: email.toUpperCase() }))
    expect(clash.status).toBe(409)
    expect(clash.body.message).toBe(`This e-mail address already belongs to ${ann.firstName} ${ann.lastName}`)
    expect(clash.body.fields?.email).toBeTruthy()
    const created = await ownerClient.postForm('/api/playersv2', playerForm({ firstName: 'New', lastName: 'One', email }))
    expect(created.status).toBe(409)
    const row = await env.DB.prepare('SELECT email FROM players WHERE id = ?').bind(bo.id).first<{ email: string | null }>()
    expect(row?.email).toBeNull()
    // Another organization may use the same address for its own player.
    const other = await createTenant()
    const theirs = await other.ownerClient.postForm('/api/playersv2', playerForm({ firstName: 'Ann', lastName: 'Else', email }))
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201)
    // Empty clears it.
    const cleared = await ownerClient.putForm(`/api/playersv2/${ann.id}`, playerForm({ email: '' }))
    expect(cleared.body.player.email).toBeNull()
  })

  it('never appears in any public answer, widget, calendar feed or page', async () => {
    const { org, built } = await world()
    const [team1, team2] = built.teams as [(typeof built.teams)[0], (typeof built.teams)[0]]
    const emails: string[] = []
    for (const team of built.teams)
      for (const p of team.players) {
        const email = `${unique('secret')}@example.org`
        emails.push(email)
        await giveEmail(p.id, email)
      }
    const game = await insertGame(org.id, built.season.id, built.league.id, team1.id, team2.id, [50, 40])
    const player = team1.players[0]?.id as number
    await env.DB.prepare(
      'INSERT INTO player_game_stats (organization_id, player_id, game_id, team_id, stat_id, value) SELECT ?, ?, ?, ?, id, 12 FROM stat_definitions WHERE organization_id = ? LIMIT 1',
    )
      .bind(org.id, player, game.id, team1.id, org.id)
      .run()
    const sport = await env.DB.prepare('SELECT sport_id FROM organization_sports WHERE organization_id = ? LIMIT 1')
      .bind(org.id)
      .first<{ sport_id: number }>()
      .catch(() => null)
    const values: Record<string, string> = {
      '/statsv2/{sportId}': String(sport?.sport_id ?? 1),
      '/site-pages/{key}': 'registration',
      '/seasonsv2/{id}': String(built.season.id),
      '/seasonsv2/{id}/leagues': String(built.season.id),
      '/seasonsv2/{id}/leagues-with-teams-public': String(built.season.id),
      '/seasonsv2/{id}/divisions': String(built.season.id),
      '/teamsv2/{id}': String(team1.id),
      '/playersv2/{id}/basic': String(player),
      '/playersv2/{id}/stats': String(player),
      '/playersv2/{id}': String(player),
      '/gamesv2/{id}': String(game.id),
      '/records/teams/{teamId}': String(team1.id),
      '/calendar/leagues/{file}': `${built.league.id}.ics`,
      '/calendar/teams/{file}': `${team1.id}.ics`,
      '/tiebreakers/{leagueId}': String(built.league.id),
      '/brackets/{id}': '1',
      '/live/games/{id}': String(game.id),
    }
    const fill = (path: string) =>
      path
        .replace('{seasonId}', String(built.season.id))
        .replace('{leagueId}', String(built.league.id))
        .replace('{teamId}', String(team1.id))
        .replace(/\{[a-zA-Z]+\}/, values[path] ?? '1')
    const addresses = [
      ...PUBLIC_READS.map((path) => `/api${fill(path)}?slug=${org.slug}&seasonId=${built.season.id}`),
      ...PUBLIC_READS.map((path) => `/api${fill(path)}?slug=${org.slug}`),
      `/api/playersv2?slug=${org.slug}&search=First`,
      `/api/seasonsv2/${built.season.id}/leagues/${built.league.id}/teams/${team1.id}/players?slug=${org.slug}`,
      ...['standings', 'schedule', 'scoreboard', 'leaders', 'bracket'].map((kind) => `/${org.slug}/widgets/${kind}`),
      `/${org.slug}`,
      `/${org.slug}/players/${player}`,
      `/${org.slug}/player/${player}/stats`,
      `/${org.slug}/teams/${team1.id}`,
      `/${org.slug}/games/${game.id}`,
      `/${org.slug}/playerList`,
      `/${org.slug}/sitemap.xml`,
    ]
    let answered = 0
    for (const address of addresses) {
      const res = await new Client().get(address)
      if (res.status === 200) answered++
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body)
      for (const email of emails) expect(text.toLowerCase(), address).not.toContain(email)
    }
    // The reads answered (a check that only saw 404s would prove nothing).
    expect(answered).toBeGreaterThan(PUBLIC_READS.length)
  }, 120_000)
})

describe('reserved first path segments', () => {
  it('no organization can take member or join as its slug', async () => {
    const { createSuperAdmin } = await import('../helpers/factories')
    const admin = await createSuperAdmin()
    for (const slug of ['member', 'join']) {
      const form = new FormData()
      form.append('name', unique('Taken'))
      form.append('slug', slug)
      const res = await admin.client.postForm('/api/organizations', form)
      expect(res.status, slug).toBe(400)
      expect(JSON.stringify(res.body)).toContain('This slug is reserved')
    }
  })
})

describe("a member's own data and account", () => {
  it("lists the member's own teams' upcoming games only, soonest first", async () => {
    const t = await createTenant()
    const built = await buildSeason(t.ownerClient, t.org.id, { teamCount: 3, playersPerTeam: 1 })
    const [mine, theirs, third] = built.teams as [(typeof built.teams)[0], (typeof built.teams)[0], (typeof built.teams)[0]]
    const email = `${unique('gil')}@example.com`
    await giveEmail(mine.players[0]?.id as number, email)
    const at = (a: number, b: number, date: string, status: 'scheduled' | 'completed' = 'scheduled') =>
      insertGame(t.org.id, built.season.id, built.league.id, a, b, [0, 0], status, date)
    const later = await at(theirs.id, mine.id, '2099-02-01')
    const soon = await at(mine.id, third.id, '2099-01-01')
    await at(theirs.id, third.id, '2099-01-15')
    await at(mine.id, theirs.id, '2020-01-01', 'completed')
    const member = await memberClient(t.org.slug, email)
    const res = await member.get(`/api/member/games?slug=${t.org.slug}`)
    expect(res.status).toBe(200)
    expect(res.body.games.map((g: { id: number }) => g.id)).toEqual([soon.id, later.id])
    expect(res.body.games[0]).toMatchObject({ teamId: mine.id, team1: { id: mine.id }, team2: { id: third.id } })
  })

  it('downloads their own data as JSON, with nobody else’s', async () => {
    const { org, built } = await world()
    const me = built.teams[0]?.players[0] as { id: number; firstName: string }
    const teammate = built.teams[0]?.players[1] as { id: number }
    const email = `${unique('dana')}@example.com`
    const theirs = `${unique('eve')}@example.com`
    await giveEmail(me.id, email)
    await giveEmail(teammate.id, theirs)
    const game = await insertGame(
      org.id,
      built.season.id,
      built.league.id,
      built.teams[0]?.id as number,
      built.teams[1]?.id as number,
      [0, 0],
      'scheduled',
      '2099-01-01',
    )
    await env.DB.prepare(
      "INSERT INTO availability (organization_id, game_id, player_id, answer) VALUES (?, ?, ?, 'in'), (?, ?, ?, 'out')",
    )
      .bind(org.id, game.id, me.id, org.id, game.id, teammate.id)
      .run()
    const member = await memberClient(org.slug, email)
    const res = await member.get(`/api/member/data?slug=${org.slug}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Disposition')).toMatch(/attachment/)
    expect(res.body.account.email).toBe(email)
    expect(res.body.player).toMatchObject({ id: me.id, firstName: me.firstName })
    expect(res.body.teams).toEqual([expect.objectContaining({ teamId: built.teams[0]?.id })])
    expect(res.body.availability).toEqual([expect.objectContaining({ gameId: game.id, answer: 'in' })])
    expect(res.body.passkeys).toEqual([])
    expect(JSON.stringify(res.body)).not.toContain(theirs)
    expect((await new Client().get(`/api/member/data?slug=${org.slug}`)).status).toBe(401)
  })

  it('deletes the account: sessions end, the player and its statistics stay with the e-mail cleared', async () => {
    const { org, ownerClient, built } = await world()
    const me = built.teams[0]?.players[0] as { id: number }
    const email = `${unique('finn')}@example.com`
    await giveEmail(me.id, email)
    const game = await insertGame(
      org.id,
      built.season.id,
      built.league.id,
      built.teams[0]?.id as number,
      built.teams[1]?.id as number,
      [10, 8],
    )
    await env.DB.prepare(
      'INSERT INTO player_game_stats (organization_id, player_id, game_id, team_id, stat_id, value) SELECT ?, ?, ?, ?, id, 7 FROM stat_definitions WHERE organization_id = ? LIMIT 1',
    )
      .bind(org.id, me.id, game.id, built.teams[0]?.id, org.id)
      .run()
      .catch(() => undefined)
    const statsBefore = await env.DB.prepare('SELECT count(*) AS n FROM player_game_stats WHERE player_id = ?')
      .bind(me.id)
      .first<{ n: number }>()
    const member = await memberClient(org.slug, email)
    const second = await memberClient(org.slug, email)
    const deleted = await member.delete(`/api/member/account?slug=${org.slug}`)
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204)
    expect((await member.get(`/api/member/me?slug=${org.slug}`)).status).toBe(401)
    expect((await second.get(`/api/member/me?slug=${org.slug}`)).status).toBe(401)
    const player = await env.DB.prepare('SELECT email FROM players WHERE id = ?').bind(me.id).first<{ email: string | null }>()
    expect(player).toEqual({ email: null })
    expect(await env.DB.prepare('SELECT id FROM members WHERE player_id = ?').bind(me.id).first()).toBeNull()
    const statsAfter = await env.DB.prepare('SELECT count(*) AS n FROM player_game_stats WHERE player_id = ?')
      .bind(me.id)
      .first<{ n: number }>()
    expect(statsAfter?.n).toBe(statsBefore?.n)
    expect((await ownerClient.get(`/api/playersv2/${me.id}`)).status).toBe(200)
    // Without an e-mail no link can be asked for any more.
    await new Client().post(`/api/member/sign-in-link?slug=${org.slug}`, { email })
    const links = await env.DB.prepare('SELECT count(*) AS n FROM member_sign_in_links WHERE email = ?')
      .bind(email)
      .first<{ n: number }>()
    expect(links?.n).toBe(0)
  })
})

describe('a name hidden on the public site', () => {
  it('shows the catalog word on public answers and the real name to staff', async () => {
    const { org, ownerClient, built } = await world()
    const hidden = built.teams[0]?.players[0] as { id: number; firstName: string; lastName: string }
    const set = await ownerClient.putForm(`/api/playersv2/${hidden.id}`, playerForm({ hideName: 'true' }))
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.player).toMatchObject({ hideName: true, firstName: hidden.firstName })
    const visitor = new Client()
    const one = await visitor.get(`/api/playersv2/${hidden.id}?slug=${org.slug}`)
    expect(one.body.player).toMatchObject({ firstName: 'Hidden player', lastName: '' })
    const basic = await visitor.get(`/api/playersv2/${hidden.id}/basic?slug=${org.slug}`)
    expect(basic.body.player.firstName).toBe('Hidden player')
    const list = await visitor.get(`/api/playersv2?slug=${org.slug}`)
    const names = JSON.stringify(list.body)
    expect(names).toContain('Hidden player')
    expect(names).not.toContain(hidden.lastName)
    // Searching for the real name finds nothing on the public site.
    const search = await visitor.get(`/api/playersv2?slug=${org.slug}&search=${encodeURIComponent(hidden.lastName)}`)
    expect(JSON.stringify(search.body)).not.toContain(hidden.lastName)
    // The page's title and link preview too, and the member pages are served as site pages.
    const page = await visitor.get(`/${org.slug}/players/${hidden.id}`)
    expect(page.status).toBe(200)
    expect(String(page.body)).toContain('Hidden player')
    expect(String(page.body)).not.toContain(hidden.lastName)
    for (const path of ['member', 'member/sign-in']) expect((await visitor.get(`/${org.slug}/${path}`)).status).toBe(200)
    // Staff still see the real name.
    const staff = await ownerClient.get(`/api/playersv2/${hidden.id}`)
    expect(staff.body.player.lastName).toBe(hidden.lastName)
  })
})

describe('a hidden name marked on the staff lists (docs/members.md "Privacy")', () => {
  it('the staff players list and roster say which names are hidden on the public site; public answers carry no mark', async () => {
    const { org, ownerClient, built } = await world()
    const team = built.teams[0] as { id: number; players: { id: number; lastName: string }[] }
    const [hidden, shown] = team.players as [{ id: number; lastName: string }, { id: number; lastName: string }]
    const set = await ownerClient.putForm(`/api/playersv2/${hidden.id}`, playerForm({ hideName: 'true' }))
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    const list = (await ownerClient.get(`/api/playersv2?search=${encodeURIComponent(hidden.lastName)}`)).body.players
    expect(list.find((p: { id: number }) => p.id === hidden.id)).toMatchObject({ hideName: true })
    const rosterPath = `/api/seasonsv2/${built.season.id}/leagues/${built.league.id}/teams/${team.id}/players`
    const roster = (await ownerClient.get(rosterPath)).body.players as { id: number; hideName?: boolean }[]
    expect(roster.find((p) => p.id === hidden.id)?.hideName).toBe(true)
    expect(roster.find((p) => p.id === shown.id)?.hideName).toBeUndefined()
    const visitor = new Client()
    for (const path of [`${rosterPath}?slug=${org.slug}`, `/api/playersv2?slug=${org.slug}`])
      expect(JSON.stringify((await visitor.get(path)).body)).not.toContain('hideName')
  })
})
