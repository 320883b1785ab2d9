// Captains report their games' final scores; staff settle what does not settle itself
// (docs/members.md "Score reports").
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { Client } from '../helpers/client'
import { D1Counter } from '../helpers/d1-counter'
import { buildSeason, createTenant, insertGame, unique, withBasketballDefaults } from '../helpers/factories'
import { interleavedEnv } from '../helpers/interleave'
import { giveEmail, memberClient } from '../helpers/members'

const HOUR = 3_600_000
// Each test builds a league and signs members in through the API: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

function onBindings(client: Client, bindings: Cloudflare.Env) {
  const copy = new Client(client.origin)
  for (const [k, v] of client.cookies) copy.cookies.set(k, v)
  copy.bindings = bindings
  return copy
}

const dataVersion = async (orgId: number) =>
  (await env.DB.prepare('SELECT data_version AS v FROM organizations WHERE id = ?').bind(orgId).first<{ v: number }>())?.v ?? 0
const gameRow = (id: number) =>
  env.DB.prepare('SELECT status, score_team1, score_team2 FROM games WHERE id = ?')
    .bind(id)
    .first<{ status: string; score_team1: number; score_team2: number }>()

/** A league of two teams of three players, a captain signed in for each team, and a game that tipped off `startedHoursAgo` ago. */
async function league(startedHoursAgo = 2) {
  const tenant = await createTenant()
  const { stat } = await withBasketballDefaults(tenant.org.id)
  const built = await buildSeason(tenant.ownerClient, tenant.org.id, { teamCount: 3, playersPerTeam: 3 })
  const [home, away, third] = built.teams as [(typeof built.teams)[0], (typeof built.teams)[0], (typeof built.teams)[0]]
  const game = await gameAt(tenant.org.id, built, home.id, away.id, startedHoursAgo)
  const member = async (player: { id: number }, captain: boolean) => {
    const email = `${unique('m')}@example.com`
    await giveEmail(player.id, email)
    if (captain) await env.DB.prepare('UPDATE rosters SET captain = 1 WHERE player_id = ?').bind(player.id).run()
    return memberClient(tenant.org.slug, email)
  }
  return {
    ...tenant,
    built,
    home,
    away,
    third,
    game,
    stat,
    homeCaptain: await member(home.players[0] as { id: number }, true),
    awayCaptain: await member(away.players[0] as { id: number }, true),
    member,
  }
}

async function gameAt(
  orgId: number,
  built: Awaited<ReturnType<typeof buildSeason>>,
  homeId: number,
  awayId: number,
  startedHoursAgo: number,
) {
  const game = await insertGame(orgId, built.season.id, built.league.id, homeId, awayId, [0, 0], 'scheduled')
  const at = new Date(Date.now() - startedHoursAgo * HOUR)
  await env.DB.prepare('UPDATE games SET date = ?, time = ?, game_date_time = ? WHERE id = ?')
    .bind(at.toISOString().slice(0, 10), at.toISOString().slice(11, 16), at.toISOString(), game.id)
    .run()
  return game
}

const standings = async (slug: string, seasonId: number) =>
  (await new Client().get(`/api/seasonsv2/${seasonId}/leagues-with-teams-public?slug=${slug}`)).body.leagues[0].teams.map(
    (t: { id: number; wins: number; losses: number }) => [t.id, t.wins, t.losses],
  )

describe('captains report a final score', () => {
  it('two agreeing reports make the game final by themselves: standings change, box score saved, the data version moved in one batch', async () => {
    const t = await league()
    const path = `/api/member/games/${t.game.id}/report?slug=${t.org.slug}`
    const before = await standings(t.org.slug, t.built.season.id)
    const first = await t.homeCaptain.put(path, {
      score_home: 61,
      score_away: 55,
      lines: [{ player_id: t.home.players[0]?.id, stat_id: t.stat('PTS'), value: 20 }],
    })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.state).toBe('waiting')
    expect(first.body.report).toMatchObject({ version: 1, score_home: 61, score_away: 55 })
    // A lone report changes nothing public: the game and the data version stay.
    const version = await dataVersion(t.org.id)
    expect(await gameRow(t.game.id)).toMatchObject({ status: 'scheduled', score_team1: 0 })

    const counter = new D1Counter()
    const second = await onBindings(t.awayCaptain, counter.env()).put(path, {
      score_home: 61,
      score_away: 55,
      lines: [{ player_id: t.away.players[1]?.id, stat_id: t.stat('PTS'), value: 12 }],
    })
    expect(second.status, JSON.stringify(second.body)).toBe(200)
    expect(second.body.state).toBe('final')
    expect(await gameRow(t.game.id)).toEqual({ status: 'completed', score_team1: 61, score_team2: 55 })
    // One write batch holds the report, the game's final and the box score.
    const writes = counter.log.filter((l) => /^batch\[/.test(l) && /update "games"/i.test(l))
    expect(writes).toHaveLength(1)
    expect(writes[0]).toMatch(/insert into "score_reports"/i)
    expect(writes[0]).toMatch(/insert into "player_game_stats"/i)
    expect(await dataVersion(t.org.id)).toBeGreaterThan(version)
    const after = await standings(t.org.slug, t.built.season.id)
    expect(after).not.toEqual(before)
    expect(after.find((r: number[]) => r[0] === t.home.id)).toEqual([t.home.id, 1, 0])
    expect(after.find((r: number[]) => r[0] === t.away.id)).toEqual([t.away.id, 0, 1])
    const detail = (await new Client().get(`/api/gamesv2/${t.game.id}?slug=${t.org.slug}`)).body
    const points = detail.playerStats.filter((s: { stat_id: number }) => s.stat_id === t.stat('PTS'))
    expect(points.map((s: { player_id: number; value: number }) => [s.player_id, s.value]).sort()).toEqual(
      [
        [t.home.players[0]?.id, 20],
        [t.away.players[1]?.id, 12],
      ].sort(),
    )
    // Every report is in the audit trail, in the member's name.
    const audit = await env.DB.prepare(
      "SELECT username FROM audit_log WHERE table_name = 'score_reports' AND organization_id = ? ORDER BY id",
    )
      .bind(t.org.id)
      .all<{ username: string }>()
    expect(audit.results.map((r) => r.username)).toEqual([
      expect.stringMatching(/\(member\)$/),
      expect.stringMatching(/\(member\)$/),
    ])
    // A final game takes no more reports.
    const late = await t.homeCaptain.put(path, { version: 1, score_home: 70, score_away: 55 })
    expect(late.status).toBe(409)
    expect(late.body.message).toMatch(/already has its final score/)
  })

  it('reports that differ wait for staff; one click settles the game with the chosen report', async () => {
    const t = await league()
    const path = `/api/member/games/${t.game.id}/report?slug=${t.org.slug}`
    expect((await t.homeCaptain.put(path, { score_home: 61, score_away: 55 })).status).toBe(200)
    const differ = await t.awayCaptain.put(path, { score_home: 59, score_away: 55 })
    expect(differ.status).toBe(200)
    expect(differ.body.state).toBe('differ')
    expect(await gameRow(t.game.id)).toMatchObject({ status: 'scheduled' })
    const queue = await t.staffClient.get('/api/score-reports')
    expect(queue.status).toBe(200)
    expect(queue.body.count).toBe(1)
    const [item] = queue.body.games
    expect(item).toMatchObject({ reason: 'differ', game: { id: t.game.id } })
    expect(item.reports.map((r: { teamId: number; score_home: number }) => [r.teamId, r.score_home])).toEqual([
      [t.home.id, 61],
      [t.away.id, 59],
    ])
    const awayReport = item.reports[1]
    // A stale version is refused; the current one settles.
    const stale = await t.staffClient.post(`/api/score-reports/${t.game.id}/settle`, { teamId: t.away.id, version: 99 })
    expect(stale.status).toBe(409)
    const settled = await t.staffClient.post(`/api/score-reports/${t.game.id}/settle`, {
      teamId: t.away.id,
      version: awayReport.version,
    })
    expect(settled.status, JSON.stringify(settled.body)).toBe(200)
    expect(await gameRow(t.game.id)).toEqual({ status: 'completed', score_team1: 59, score_team2: 55 })
    expect((await t.staffClient.get('/api/score-reports')).body.count).toBe(0)
    expect((await t.homeCaptain.get(path)).body.state).toBe('settled')
    // Settled once: a second click is told the game is final.
    const again = await t.staffClient.post(`/api/score-reports/${t.game.id}/settle`, { teamId: t.home.id, version: 1 })
    expect(again.status).toBe(409)
  })

  it('counts the games waiting for staff in one small read (the sidebar badge), as the queue lists them', async () => {
    const t = await league()
    const path = `/api/member/games/${t.game.id}/report?slug=${t.org.slug}`
    const count = async () => {
      const res = await t.staffClient.get('/api/score-reports/count')
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.count).toBe((await t.staffClient.get('/api/score-reports')).body.count)
      return res.body.count
    }
    expect(await count()).toBe(0)
    await t.homeCaptain.put(path, { score_home: 61, score_away: 55 })
    // One report within the league's deadline: not yet the staff's.
    expect(await count()).toBe(0)
    // Past the deadline, the one report waits for staff.
    await env.DB.prepare("UPDATE games SET game_date_time = '2020-01-01T00:00:00.000Z' WHERE id = ?").bind(t.game.id).run()
    expect(await count()).toBe(1)
    await t.awayCaptain.put(path, { score_home: 60, score_away: 55 })
    expect(await count()).toBe(1)
    // Members and visitors never read it.
    expect((await t.homeCaptain.get('/api/score-reports/count')).status).toBe(401)
  })

  it('a final typed at the desk ("Enter the score") settles the reports: the game leaves the queue', async () => {
    const t = await league()
    const path = `/api/member/games/${t.game.id}/report?slug=${t.org.slug}`
    await t.homeCaptain.put(path, { score_home: 61, score_away: 55 })
    await t.awayCaptain.put(path, { score_home: 60, score_away: 55 })
    expect((await t.staffClient.get('/api/score-reports')).body.count).toBe(1)
    const desk = await t.staffClient.put(`/api/gamesv2/${t.game.id}/scores`, { score_home: 61, score_away: 54 })
    expect(desk.status).toBe(200)
    expect((await t.staffClient.get('/api/score-reports')).body.count).toBe(0)
    expect((await t.awayCaptain.get(path)).body).toMatchObject({ state: 'settled', game: { score_home: 61, score_away: 54 } })
  })

  it('a one-sided report reaches the queue only after the league deadline', async () => {
    const t = await league(47)
    const old = await gameAt(t.org.id, t.built, t.home.id, t.away.id, 49)
    for (const id of [t.game.id, old.id]) {
      const res = await t.homeCaptain.put(`/api/member/games/${id}/report?slug=${t.org.slug}`, { score_home: 40, score_away: 30 })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    const queue = (await t.staffClient.get('/api/score-reports')).body
    expect(queue.games.map((g: { game: { id: number }; reason: string }) => [g.game.id, g.reason])).toEqual([[old.id, 'overdue']])
    expect(queue.games[0].live).toBeNull()
    // A game the live scorer started after a captain reported shows its live events beside the report.
    await env.DB.prepare(
      "INSERT INTO game_events (game_id, id, organization_id, position, device_id, device_seq, player_id, team_id, action, period, created_at, received_at) VALUES (?, 'evt-q', ?, 1, 'phone1', 1, ?, ?, 'two_made', 1, ?, ?)",
    )
      .bind(old.id, t.org.id, t.home.players[0]?.id, t.home.id, new Date().toISOString(), new Date().toISOString())
      .run()
    const withLive = (await t.staffClient.get('/api/score-reports')).body
    expect(withLive.games[0].live).toMatchObject({ events: 1 })
    // The league's own deadline counts.
    await env.DB.prepare('UPDATE leagues SET report_deadline_hours = 24 WHERE id = ?').bind(t.built.league.id).run()
    expect((await t.staffClient.get('/api/score-reports')).body.count).toBe(2)
  })

  it('refuses a game scored live, one not started, and a stale re-submission', async () => {
    const t = await league()
    const path = `/api/member/games/${t.game.id}/report?slug=${t.org.slug}`
    const first = await t.homeCaptain.put(path, { score_home: 61, score_away: 55 })
    expect(first.status).toBe(200)
    const replaced = await t.homeCaptain.put(path, { version: 1, score_home: 62, score_away: 55 })
    expect(replaced.status).toBe(200)
    expect(replaced.body.report).toMatchObject({ version: 2, score_home: 62 })
    const stale = await t.homeCaptain.put(path, { version: 1, score_home: 63, score_away: 55 })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toMatch(/changed by another captain/)
    const none = await t.homeCaptain.put(path, { score_home: 63, score_away: 55 })
    expect(none.status).toBe(409)

    const future = await gameAt(t.org.id, t.built, t.home.id, t.away.id, -5)
    const early = await t.homeCaptain.put(`/api/member/games/${future.id}/report?slug=${t.org.slug}`, {
      score_home: 1,
      score_away: 0,
    })
    expect(early.status).toBe(409)
    expect(early.body.message).toMatch(/not started/)

    const live = await gameAt(t.org.id, t.built, t.home.id, t.away.id, 1)
    await env.DB.prepare(
      "INSERT INTO game_events (game_id, id, organization_id, position, device_id, device_seq, player_id, team_id, action, period, created_at, received_at) VALUES (?, 'evt-1', ?, 1, 'phone1', 1, ?, ?, 'two_made', 1, ?, ?)",
    )
      .bind(live.id, t.org.id, t.home.players[0]?.id, t.home.id, new Date().toISOString(), new Date().toISOString())
      .run()
    const scoredLive = await t.homeCaptain.put(`/api/member/games/${live.id}/report?slug=${t.org.slug}`, {
      score_home: 2,
      score_away: 0,
    })
    expect(scoredLive.status).toBe(409)
    expect(scoredLive.body.message).toMatch(/scored live/)
    expect((await t.homeCaptain.get(`/api/member/games/${live.id}/report?slug=${t.org.slug}`)).body.state).toBe('live')

    const bad = await t.homeCaptain.put(path, {
      version: 2,
      score_home: 0,
      score_away: 0,
      lines: [{ player_id: t.away.players[0]?.id, stat_id: t.stat('PTS'), value: 3 }],
    })
    expect(bad.status).toBe(400)
    const notMine = await t.homeCaptain.put(path, {
      version: 2,
      score_home: 10,
      score_away: 0,
      lines: [{ player_id: t.away.players[0]?.id, stat_id: t.stat('PTS'), value: 3 }],
    })
    expect(notMine.status).toBe(400)
    expect(notMine.body.fields.lines).toMatch(/not on your team/)
  })

  it('refuses members who are not captains of the game: another team, a non-captain, another organization', async () => {
    const t = await league()
    const path = `/api/member/games/${t.game.id}/report?slug=${t.org.slug}`
    const body = { score_home: 61, score_away: 55 }
    const thirdCaptain = await t.member(t.third.players[0] as { id: number }, true)
    const teammate = await t.member(t.home.players[1] as { id: number }, false)
    for (const client of [thirdCaptain, teammate]) {
      expect((await client.put(path, body)).status).toBe(403)
      expect((await client.get(path)).status).toBe(403)
    }
    const other = await createTenant()
    const otherBuilt = await buildSeason(other.ownerClient, other.org.id, { teamCount: 2, playersPerTeam: 1 })
    const email = `${unique('x')}@example.com`
    await giveEmail(otherBuilt.teams[0]?.players[0]?.id as number, email)
    await env.DB.prepare('UPDATE rosters SET captain = 1 WHERE player_id = ?').bind(otherBuilt.teams[0]?.players[0]?.id).run()
    const stranger = await memberClient(other.org.slug, email)
    expect((await stranger.put(path, body)).status).toBe(403)
    expect((await stranger.put(`/api/member/games/${t.game.id}/report?slug=${other.org.slug}`, body)).status).toBe(404)
    expect((await stranger.put(`/api/member/games/${t.game.id}/report`, body)).status).toBe(404)
    // Staff are not members: the member route is 401 for them, and the queue is theirs alone.
    expect((await t.staffClient.put(path, body)).status).toBe(401)
    expect((await t.homeCaptain.get('/api/score-reports')).status).toBe(401)
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM score_reports WHERE game_id = ?')
      .bind(t.game.id)
      .first<{ n: number }>()
    expect(rows?.n).toBe(0)
  })
})

describe('races', () => {
  it('two agreeing reports arriving at once end in one final', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await league()
      const path = `/api/member/games/${t.game.id}/report?slug=${t.org.slug}`
      const body = { score_home: 50 + round, score_away: 44 }
      const [a, b] = await Promise.all([t.homeCaptain.put(path, body), t.awayCaptain.put(path, body)])
      expect([a.status, b.status]).toEqual([200, 200])
      expect(await gameRow(t.game.id)).toEqual({ status: 'completed', score_team1: 50 + round, score_team2: 44 })
      expect([a.body.state, b.body.state]).toContain('final')
    }
  })

  it('the second report, overtaken by the first between its read and its write, reads again and makes the game final', async () => {
    const t = await league()
    const path = `/api/member/games/${t.game.id}/report?slug=${t.org.slug}`
    const body = { score_home: 48, score_away: 47 }
    const racing = interleavedEnv(/insert into "score_reports"/i, () => t.homeCaptain.put(path, body))
    const res = await onBindings(t.awayCaptain, racing.env).put(path, body)
    expect(racing.fired()).toBe(true)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await gameRow(t.game.id)).toEqual({ status: 'completed', score_team1: 48, score_team2: 47 })
  })

  it('a desk save landing between a report’s read and its write is never overwritten: the report is refused', async () => {
    const t = await league()
    const path = `/api/member/games/${t.game.id}/report?slug=${t.org.slug}`
    expect((await t.homeCaptain.put(path, { score_home: 70, score_away: 60 })).status).toBe(200)
    const racing = interleavedEnv(/insert into "score_reports"/i, () =>
      t.staffClient.put(`/api/gamesv2/${t.game.id}/scores`, { score_home: 71, score_away: 60 }),
    )
    const res = await onBindings(t.awayCaptain, racing.env).put(path, { score_home: 70, score_away: 60 })
    expect(racing.fired()).toBe(true)
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/already has its final score/)
    expect(await gameRow(t.game.id)).toEqual({ status: 'completed', score_team1: 71, score_team2: 60 })
  })

  it('a settle landing after a captain changed the report is refused', async () => {
    const t = await league()
    const path = `/api/member/games/${t.game.id}/report?slug=${t.org.slug}`
    await t.homeCaptain.put(path, { score_home: 70, score_away: 60 })
    await t.awayCaptain.put(path, { score_home: 60, score_away: 70 })
    const racing = interleavedEnv(/update "games"/i, () =>
      t.homeCaptain.put(path, { version: 1, score_home: 72, score_away: 60 }),
    )
    const res = await onBindings(t.staffClient, racing.env).post(`/api/score-reports/${t.game.id}/settle`, {
      teamId: t.home.id,
      version: 1,
    })
    expect(racing.fired()).toBe(true)
    expect(res.status).toBe(409)
    expect(await gameRow(t.game.id)).toMatchObject({ status: 'scheduled' })
  })
})
