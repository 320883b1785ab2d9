// Schedules on courts (docs/reference/schedule-builder.md §7): generation into two venues' courts with
// blackouts and a request explained, and a closed night re-planned, diffed and published.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, unique } from '../helpers/factories'
import { giveEmail, memberClient } from '../helpers/members'

const evening = [{ day: 'Monday', from: '18:00', to: '20:00' }]

async function twoVenues() {
  const t = await createTenant()
  const built = await buildSeason(t.ownerClient, t.org.id, { teamCount: 4, playersPerTeam: 1 })
  const north = (
    await t.ownerClient.post('/api/venues', { name: unique('North'), courts: [{ name: 'Court 1', hours: evening }] })
  ).body.venue
  // South opens for one game only: the night's one 19:00 slot is North's.
  const early = [{ day: 'Monday', from: '18:00', to: '19:00' }]
  const south = (await t.ownerClient.post('/api/venues', { name: unique('South'), courts: [{ name: 'Court A', hours: early }] }))
    .body.venue
  const created = await t.ownerClient.post('/api/schedules', {
    name: 'Mondays',
    leagueId: built.league.id,
    season_id: built.season.id,
    startDate: '2027-01-04',
    numWeeks: 6,
    gameDays: ['Monday'],
    sameSlot: true,
    timeSlots: ['18:00', '19:00'],
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return { ...t, built, north, south, schedule: created.body.schedule }
}

const scheduleGames = async (scheduleId: number) =>
  (
    await env.DB.prepare(
      'SELECT id, team1_id, team2_id, date, time, venue_id, court_id FROM games WHERE schedule_id = ? ORDER BY date, time, court_id',
    )
      .bind(scheduleId)
      .all<{ id: number; team1_id: number; team2_id: number; date: string; time: string; venue_id: number; court_id: number }>()
  ).results

describe('generating on courts', () => {
  it('fills both venues at once, keeps blackouts and explains the unmet request', async () => {
    const { ownerClient, built, north, schedule } = await twoVenues()
    const [a, b] = built.teams as [(typeof built.teams)[0], (typeof built.teams)[0]]
    await ownerClient.put(`/api/teams/${a.id}/constraints`, {
      blackouts: [{ date: '2027-01-11', reason: 'Tournament' }],
      requests: [{ kind: 'earliestStart', time: '19:00', reason: 'Work' }],
    })
    await ownerClient.put(`/api/teams/${b.id}/constraints`, {
      blackouts: [],
      requests: [{ kind: 'earliestStart', time: '19:00', reason: 'Bus' }],
    })
    const res = await ownerClient.post(`/api/schedules/${schedule.id}/generate-on-courts`, {})
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const games = await scheduleGames(schedule.id)
    expect(games.length).toBe(res.body.games)
    // The blackout: team a has no game on 2027-01-11.
    expect(games.some((g) => g.date === '2027-01-11' && (g.team1_id === a.id || g.team2_id === a.id))).toBe(false)
    // Both want 19:00 and cannot both have it when they play apart: the miss names the game that took it.
    expect(res.body.unmet.length, JSON.stringify({ body: res.body, games })).toBeGreaterThan(0)
    const miss = res.body.unmet[0]
    expect(miss).toMatchObject({ kind: 'earliestStart', game: { slot: { time: '18:00' } }, takenBy: { slot: { time: '19:00' } } })
    expect(miss.takenBy.game.home.name).toBeTruthy()
    expect([north.name, expect.any(String)]).toContain(miss.game.slot.venue)
  })
})

describe('a closed night re-planned', () => {
  it('proposes from → to per game, publishes in one click, members told, and a stale publish is a 409', async () => {
    const t = await twoVenues()
    const { ownerClient, schedule, north, built, org } = t
    expect((await ownerClient.post(`/api/schedules/${schedule.id}/generate-on-courts`, {})).status).toBe(200)
    const before = await scheduleGames(schedule.id)
    // Both venues are used, and some night plays two games at once on two venues' courts.
    expect(new Set(before.map((g) => g.venue_id)).size).toBe(2)
    expect(
      before.some((g) => before.some((o) => o !== g && o.date === g.date && o.time === g.time && o.venue_id !== g.venue_id)),
    ).toBe(true)
    // A member of a team that plays at North on 2027-01-18 (its player signs in once).
    const closedGames = before.filter((g) => g.date === '2027-01-18' && g.venue_id === north.id)
    expect(closedGames.length).toBeGreaterThan(0)
    const team = built.teams.find((x: { id: number }) => x.id === closedGames[0]?.team1_id) as { players: { id: number }[] }
    const email = `${unique('m')}@example.com`
    await giveEmail(team.players[0]?.id as number, email)
    await memberClient(org.slug, email)
    // Staff close North that evening (the venue form, docs/venues.md).
    const closed = await ownerClient.put(`/api/venues/${north.id}`, {
      name: north.name,
      courts: north.courts.map((k: { id: number; name: string; hours: unknown }) => ({ id: k.id, name: k.name, hours: k.hours })),
      closures: [{ court: null, date: '2027-01-18', reason: 'Rain leak' }],
      version: north.version,
    })
    expect(closed.status, JSON.stringify(closed.body)).toBe(200)
    const proposal = await ownerClient.get(`/api/schedules/${schedule.id}/replan?makeUpDate=2027-02-15`)
    expect(proposal.status, JSON.stringify(proposal.body)).toBe(200)
    expect(proposal.body.cancelled).toBe(closedGames.length)
    expect(proposal.body.newHardViolations).toBe(0)
    expect(proposal.body.unplaced).toEqual([])
    const moves = proposal.body.moves as {
      gameId: number
      version: number
      cancelled: boolean
      from: { date: string }
      to: { date: string; time: string; courtId: number }
    }[]
    expect(moves.filter((m) => m.cancelled).length).toBe(closedGames.length)
    expect(moves.filter((m) => !m.cancelled).length).toBeLessThanOrEqual(closedGames.length + 2)
    for (const m of moves.filter((x) => x.cancelled)) expect(m.from.date).toBe('2027-01-18')
    const notesBefore =
      (await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE kind = 'game_changed'").first<{ n: number }>())?.n ?? 0
    const body = { makeUpDate: '2027-02-15', moves: moves.map((m) => ({ gameId: m.gameId, version: m.version, ...m.to })) }
    // A proposal other than the current one: 409, nothing moved.
    const wrong = await ownerClient.post(`/api/schedules/${schedule.id}/replan`, {
      ...body,
      moves: body.moves.map((m) => ({ ...m, version: m.version + 7 })),
    })
    expect(wrong.status).toBe(409)
    expect(await scheduleGames(schedule.id)).toEqual(before)
    const published = await ownerClient.post(`/api/schedules/${schedule.id}/replan`, body)
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    expect(published.body.moved).toBe(moves.length)
    const after = await scheduleGames(schedule.id)
    expect(after.filter((g) => g.date === '2027-01-18' && g.venue_id === north.id)).toEqual([])
    for (const m of moves)
      expect(after.find((g) => g.id === m.gameId)).toMatchObject({ date: m.to.date, time: m.to.time, court_id: m.to.courtId })
    // Told through the notification path: the games' own triggers.
    const notesAfter =
      (await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE kind = 'game_changed'").first<{ n: number }>())?.n ?? 0
    expect(notesAfter).toBeGreaterThan(notesBefore)
    // The public schedule shows the new dates.
    const pub = await new Client().get(`/api/gamesv2?slug=${org.slug}&seasonId=${built.season.id}`)
    expect(JSON.stringify(pub.body)).toContain('2027-02-15')
  })
})

describe('generating on courts around played and locked games', () => {
  it('keeps 2 played games and 1 locked game exactly, fills only the rest of the season, and the validator finds 0 hard violations', async () => {
    const { ownerClient, schedule } = await twoVenues()
    expect((await ownerClient.post(`/api/schedules/${schedule.id}/generate-on-courts`, {})).status).toBe(200)
    const first = await scheduleGames(schedule.id)
    // The first Monday's two games were played; a game of the fifth Monday is locked.
    const played = first.filter((g) => g.date === '2027-01-04')
    expect(played.length).toBe(2)
    for (const g of played) await env.DB.prepare("UPDATE games SET status = 'completed' WHERE id = ?").bind(g.id).run()
    const locked = first.find((g) => g.date === '2027-02-01') as (typeof first)[number]
    await env.DB.prepare('UPDATE games SET locked = 1 WHERE id = ?').bind(locked.id).run()
    const kept = [...played, locked]

    const res = await ownerClient.post(`/api/schedules/${schedule.id}/generate-on-courts`, {})
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // The answer lists the kept games as unchanged.
    expect(res.body.kept.map((k: { gameId: number }) => k.gameId).sort()).toEqual(kept.map((g) => g.id).sort())
    const after = await scheduleGames(schedule.id)
    for (const g of kept) expect(after.find((x) => x.id === g.id)).toEqual(g)
    // Nothing new on the night already played; the kept pairings count towards the round robin.
    expect(after.filter((g) => g.date === '2027-01-04')).toEqual(played)
    expect(after.length).toBe(res.body.games + kept.length)
    const meetings = new Map<string, number>()
    for (const g of after) {
      const key = [g.team1_id, g.team2_id].sort().join('-')
      meetings.set(key, (meetings.get(key) ?? 0) + 1)
    }
    expect(Math.max(...meetings.values()) - Math.min(...meetings.values())).toBeLessThanOrEqual(1)
    // No slot twice, no team twice a night, and the RobinX validator agrees.
    expect(new Set(after.map((g) => `${g.date}|${g.time}|${g.court_id}`)).size).toBe(after.length)
    for (const g of after)
      expect(
        after.filter((o) => o.date === g.date && [o.team1_id, o.team2_id].some((x) => x === g.team1_id || x === g.team2_id)),
      ).toHaveLength(1)
    const robinx = await ownerClient.get(`/api/schedules/${schedule.id}/robinx`)
    expect(robinx.body.report.violations).toEqual([])
    expect(robinx.body.report.games).toBe(after.length)
  })

  it('refuses, with what to do, when no night after the last played game has a free court', async () => {
    const { ownerClient, schedule } = await twoVenues()
    expect((await ownerClient.post(`/api/schedules/${schedule.id}/generate-on-courts`, {})).status).toBe(200)
    const first = await scheduleGames(schedule.id)
    const last = first.filter((g) => g.date === '2027-02-08')
    for (const g of last) await env.DB.prepare("UPDATE games SET status = 'completed' WHERE id = ?").bind(g.id).run()
    const res = await ownerClient.post(`/api/schedules/${schedule.id}/generate-on-courts`, {})
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(
      'No night after the last played game (2027-02-08) has a free court: add weeks to the schedule or courts to a venue',
    )
    expect(await scheduleGames(schedule.id)).toEqual(first)
  })
})

describe('generating on courts against a score saved meanwhile (docs/api-concurrency.md)', () => {
  it('refuses with 409, replacing nothing, when a game is scored between the plan and its write', async () => {
    const { interleavedEnv } = await import('../helpers/interleave')
    const { ownerClient, staffClient, schedule } = await twoVenues()
    expect((await ownerClient.post(`/api/schedules/${schedule.id}/generate-on-courts`, {})).status).toBe(200)
    const before = await scheduleGames(schedule.id)
    const target = before[3] as (typeof before)[number]
    let saved = 0
    const racing = interleavedEnv(/delete from "games"/i, async () => {
      saved = (await staffClient.put(`/api/gamesv2/${target.id}/scores`, { score_home: 51, score_away: 48 })).status
    })
    const racer = new Client(ownerClient.origin)
    for (const [k, v] of ownerClient.cookies) racer.cookies.set(k, v)
    racer.bindings = racing.env
    const res = await racer.post(`/api/schedules/${schedule.id}/generate-on-courts`, {})
    expect(racing.fired()).toBe(true)
    expect(saved).toBe(200)
    expect(res.status, JSON.stringify(res.body)).toBe(409)
    expect(res.body.message).toMatch(/changed while the schedule was being generated/)
    expect(await scheduleGames(schedule.id)).toEqual(before)
    // Generating again keeps the scored game where it is.
    const again = await ownerClient.post(`/api/schedules/${schedule.id}/generate-on-courts`, {})
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect((await scheduleGames(schedule.id)).find((g) => g.id === target.id)).toEqual(target)
  })
})
