import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, insertGame, withBasketballDefaults } from '../helpers/factories'

/**
 * Five teams, regular season played: T0 4-0; T1 and T2 both 2-2 with T2 beating T1 (head-to-head);
 * T4 and T3 both 1-3 with T4 beating T3 — and one game left (T1 v T2).
 */
async function league() {
  const tenant = await createTenant()
  await withBasketballDefaults(tenant.org.id)
  const built = await buildSeason(tenant.staffClient, tenant.org.id, { teamCount: 5 })
  const [t0, t1, t2, t3, t4] = built.teams
  const s = built.season.id
  const l = built.league.id
  const o = tenant.org.id
  const played: [number, number, number, number][] = [
    [t0.id, t1.id, 60, 50],
    [t0.id, t2.id, 60, 50],
    [t0.id, t3.id, 60, 50],
    [t0.id, t4.id, 60, 50],
    [t2.id, t1.id, 55, 50],
    [t1.id, t3.id, 60, 50],
    [t1.id, t4.id, 60, 50],
    [t3.id, t2.id, 60, 50],
    [t2.id, t4.id, 40, 30],
    [t4.id, t3.id, 45, 40],
  ]
  for (const [a, b, x, y] of played) await insertGame(o, s, l, a, b, [x, y])
  await insertGame(o, s, l, t1.id, t2.id, [0, 0], 'scheduled', '2025-11-20')
  return { ...tenant, ...built, t: [t0, t1, t2, t3, t4] }
}

const teamsOf = async (client: Client, seasonId: number, leagueId: number) =>
  (await client.get(`/api/seasonsv2/${seasonId}/leagues/${leagueId}/teams`)).body.teams as {
    id: number
    rank: number
    wins: number
    losses: number
    tiebreak: { rule: string | null; explanation: string } | null
    clinched: boolean
    eliminated: boolean
  }[]

async function score(client: Client, gameId: number, home: number, away: number) {
  const detail = (await client.get(`/api/gamesv2/${gameId}`)).body
  return client.put(`/api/gamesv2/${gameId}/scores`, { score_home: home, score_away: away, version: detail.game.version })
}

describe('tiebreakers and clinch marks in the standings', () => {
  it('explains each tie, takes the league settings with a version, and marks clinched/eliminated', async () => {
    const { staffClient, season, league: lg, t } = await league()
    let rows = await teamsOf(staffClient, season.id, lg.id)
    expect(rows.map((r) => r.id)).toEqual([t[0].id, t[2].id, t[1].id, expect.any(Number), expect.any(Number)])
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5])
    expect(rows[0].tiebreak).toBeNull()
    expect(rows[1].tiebreak).toEqual({ rule: 'headToHead', explanation: `ahead of ${t[1].name} on head-to-head, 1–0` })
    expect(rows[3]).toMatchObject({
      id: t[4].id,
      tiebreak: { rule: 'headToHead', explanation: `ahead of ${t[3].name} on head-to-head, 1–0` },
    })
    expect(rows[4].tiebreak?.explanation).toBe(`behind ${t[4].name} on head-to-head, 0–1`)
    expect(rows.every((r) => !r.clinched && !r.eliminated)).toBe(true)

    const read = (await staffClient.get(`/api/tiebreakers/${lg.id}`)).body.tiebreakers
    expect(read).toMatchObject({ rules: ['fewerLosses', 'moreWins', 'headToHead'], version: 0, playoffSpots: null })
    const saved = await staffClient.put(`/api/tiebreakers/${lg.id}`, {
      rules: ['headToHead', 'pointsAllowed', 'staffOrder'],
      staffOrder: [t[4].id, t[3].id],
      playoffSpots: 3,
      version: 0,
    })
    expect(saved.status).toBe(200)
    expect(saved.body.tiebreakers.version).toBeGreaterThan(0)
    // A second save from the same stale copy is refused.
    const stale = await staffClient.put(`/api/tiebreakers/${lg.id}`, { rules: [], version: 0 })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toMatch(/changed after you opened/)
    const bad = await staffClient.put(`/api/tiebreakers/${lg.id}`, {
      rules: ['coinToss'],
      version: saved.body.tiebreakers.version,
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields).join()).toMatch(/^rules/)

    rows = await teamsOf(staffClient, season.id, lg.id)
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5])
    // Three places, one game left (T1 v T2): T0, T2 and T1 are in whoever wins it (only T0 can
    // finish level or above), T4 and T3 cannot catch anyone.
    expect(rows.filter((r) => r.clinched).map((r) => r.id)).toEqual([t[0].id, t[2].id, t[1].id])
    expect(rows.filter((r) => r.eliminated).map((r) => r.id)).toEqual([t[4].id, t[3].id])
    // Two places: only T0 is in (T1 or T2 may finish level with the other); T4 and T3 are still out.
    await staffClient.put(`/api/tiebreakers/${lg.id}`, {
      rules: ['headToHead'],
      playoffSpots: 2,
      version: saved.body.tiebreakers.version,
    })
    rows = await teamsOf(staffClient, season.id, lg.id)
    expect(rows.filter((r) => r.clinched).map((r) => r.id)).toEqual([t[0].id])
    expect(rows.filter((r) => r.eliminated).map((r) => r.id)).toEqual([t[4].id, t[3].id])

    // Another organization cannot read or change these settings.
    const other = await createTenant()
    expect((await other.staffClient.get(`/api/tiebreakers/${lg.id}`)).status).toBe(404)
    expect((await other.staffClient.put(`/api/tiebreakers/${lg.id}`, { rules: [] })).status).toBe(404)
  })
})

describe('brackets', () => {
  it('seeds from the standings, plays to a champion through score saves, and re-resolves a correction', async () => {
    const { staffClient, season, league: lg, t, org } = await league()
    const refused = await staffClient.post('/api/brackets', {
      seasonId: season.id,
      leagueId: lg.id,
      teams: 5,
      nights: [{ date: '2025-12-01', times: ['18:00'] }],
    })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('This bracket has 3 rounds: choose a night for each')
    // T3 and T4 may not enter when forfeits disqualify: give T4 a forfeit loss.
    await insertGame(org.id, season.id, lg.id, t[4].id, t[0].id, [0, 20], 'forfeit', '2025-10-02')
    const tooMany = await staffClient.post('/api/brackets', {
      seasonId: season.id,
      leagueId: lg.id,
      teams: 5,
      eligibility: 'noForfeits',
      nights: [
        { date: '2025-12-01', times: ['18:00'] },
        { date: '2025-12-08', times: ['18:00'] },
        { date: '2025-12-15', times: ['18:00'] },
      ],
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toBe('Only 4 teams without a forfeit can enter this bracket')

    // T4 unavailable at 18:00: its first game goes to the next free slot.
    await env.DB.prepare('UPDATE teams SET unavailable_slots = ? WHERE id = ?').bind('["18:00"]', t[4].id).run()
    const created = await staffClient.post('/api/brackets', {
      seasonId: season.id,
      leagueId: lg.id,
      teams: 5,
      thirdPlace: false,
      nights: [
        { date: '2025-12-01', times: ['18:00', '19:00'], location: 'Main Gym' },
        { date: '2025-12-08', times: ['18:00', '19:00'] },
        { date: '2025-12-15', times: ['20:00'] },
      ],
    })
    expect(created.status).toBe(201)
    let bracket = created.body.bracket
    // Standings now: T0 5-0, T2, T1, T3 (1-3), T4 (1-4). Seeds 1-3 have byes; 4 v 5 plays.
    expect(bracket.seeds.map((s: { id: number }) => s.id)).toEqual([t[0].id, t[2].id, t[1].id, t[3].id, t[4].id])
    expect(bracket.byes).toEqual([1, 2, 3])
    expect(bracket.slots).toHaveLength(4)
    const opener = bracket.slots[0]
    expect(opener).toMatchObject({
      round: 1,
      roundName: 'Quarter-finals',
      team1: { id: t[3].id, seed: 4 },
      team2: { id: t[4].id, seed: 5 },
    })
    expect(opener.game).toMatchObject({ date: '2025-12-01', time: '19:00', location: 'Main Gym', status: 'scheduled' })

    // The bracket game is a real game: on the public schedule, but never in the standings.
    const publicGames = (await new Client().get(`/api/gamesv2?slug=${org.slug}&seasonId=${season.id}`)).body.games
    expect(publicGames.some((g: { id: number }) => g.id === opener.game.id)).toBe(true)
    const before = await teamsOf(staffClient, season.id, lg.id)

    // Round 1: seed 5 upsets seed 4 → semi-finals 1 v 5 and 2 v 3 appear on night 2.
    expect((await score(staffClient, opener.game.id, 40, 50)).status).toBe(200)
    expect((await teamsOf(staffClient, season.id, lg.id)).map((r) => [r.id, r.wins, r.losses])).toEqual(
      before.map((r) => [r.id, r.wins, r.losses]),
    )
    bracket = (await staffClient.get(`/api/brackets/${bracket.id}`)).body.bracket
    const semis = bracket.slots.filter((s: { round: number }) => s.round === 2)
    expect(semis.map((s: { team1: { id: number }; team2: { id: number } }) => [s.team1.id, s.team2.id])).toEqual([
      [t[0].id, t[4].id],
      [t[2].id, t[1].id],
    ])
    // T4 cannot play at 18:00, so the other semi takes it.
    expect(semis.map((s: { game: { time: string } }) => s.game.time).sort()).toEqual(['18:00', '19:00'])
    expect(semis[0].game.time).toBe('19:00')

    // Correct round 1 before the semi is played: seed 4 won after all — the semi changes teams.
    expect((await score(staffClient, opener.game.id, 50, 40)).status).toBe(200)
    bracket = (await staffClient.get(`/api/brackets/${bracket.id}`)).body.bracket
    const corrected = bracket.slots.find((s: { round: number; slot: number }) => s.round === 2 && s.slot === 0)
    expect([corrected.team1.id, corrected.team2.id]).toEqual([t[0].id, t[3].id])
    expect([corrected.game.team1Id, corrected.game.team2Id]).toEqual([t[0].id, t[3].id])
    expect(corrected.game.id).toBe(semis[0].game.id)

    // Semis played: 1 beats 4, 3 upsets 2 → the final 1 v 3 on night 3.
    expect((await score(staffClient, corrected.game.id, 70, 60)).status).toBe(200)
    const otherSemi = bracket.slots.find((s: { round: number; slot: number }) => s.round === 2 && s.slot === 1)
    expect((await score(staffClient, otherSemi.game.id, 50, 55)).status).toBe(200)
    bracket = (await staffClient.get(`/api/brackets/${bracket.id}`)).body.bracket
    const final = bracket.slots.find((s: { round: number }) => s.round === 3)
    expect(final.roundName).toBe('Final')
    expect([final.team1.id, final.team2.id]).toEqual([t[0].id, t[1].id])
    expect(final.game).toMatchObject({ date: '2025-12-15', time: '20:00' })

    // Correcting round 1 now would change a semi-final already played: refused, nothing saved.
    const late = await score(staffClient, opener.game.id, 40, 50)
    expect(late.status).toBe(409)
    expect(late.body.message).toMatch(/^The Semi-finals game .* was already played with the old result/)
    expect((await staffClient.get(`/api/gamesv2/${opener.game.id}`)).body.game.score_team1).toBe(50)

    // Clearing a semi-final's score takes its winner out of the final again.
    expect((await score(staffClient, otherSemi.game.id, 0, 0)).status).toBe(200)
    bracket = (await staffClient.get(`/api/brackets/${bracket.id}`)).body.bracket
    expect(bracket.slots.find((s: { round: number }) => s.round === 3).game).toBeNull()

    // A semi-final whose score was cleared is not played: round 1 can be corrected past it, and back.
    expect((await score(staffClient, corrected.game.id, 0, 0)).status).toBe(200)
    expect((await score(staffClient, opener.game.id, 40, 50)).status).toBe(200)
    bracket = (await staffClient.get(`/api/brackets/${bracket.id}`)).body.bracket
    const reopened = bracket.slots.find((s: { round: number; slot: number }) => s.round === 2 && s.slot === 0)
    expect([reopened.game.team1Id, reopened.game.team2Id]).toEqual([t[0].id, t[4].id])
    expect((await score(staffClient, opener.game.id, 50, 40)).status).toBe(200)
    expect((await score(staffClient, corrected.game.id, 70, 60)).status).toBe(200)

    // Correct the second semi before the final is played: 2 won → the final is 1 v 2.
    expect((await score(staffClient, otherSemi.game.id, 60, 55)).status).toBe(200)
    bracket = (await staffClient.get(`/api/brackets/${bracket.id}`)).body.bracket
    const final2 = bracket.slots.find((s: { round: number }) => s.round === 3)
    expect([final2.game.team1Id, final2.game.team2Id]).toEqual([t[0].id, t[2].id])

    // The final: seed 2 wins the title.
    expect((await score(staffClient, final2.game.id, 61, 66)).status).toBe(200)
    const done = (await new Client().get(`/api/brackets/${bracket.id}?slug=${org.slug}`)).body.bracket
    expect(done.champion).toMatchObject({ id: t[2].id, seed: 2 })
    // A shared link names the champion; the team's calendar feed carries its playoff games.
    const preview = await new Client().get(`/${org.slug}/bracket/${bracket.id}`)
    expect(preview.body).toContain(`<meta property="og:title" content="${t[2].name} win the ${done.name}`)
    const feed = (await new Client().get(`/api/calendar/teams/${t[2].id}.ics?slug=${org.slug}`)).body as string
    expect(feed).toContain('20251215')

    // Played games keep the bracket: no delete, no reseed; another organization sees nothing.
    expect((await staffClient.delete(`/api/brackets/${bracket.id}`)).status).toBe(409)
    expect((await staffClient.post(`/api/brackets/${bracket.id}/reseed`, {})).status).toBe(409)
    const other = await createTenant()
    expect((await other.staffClient.get(`/api/brackets/${bracket.id}`)).status).toBe(404)
    expect((await other.staffClient.delete(`/api/brackets/${bracket.id}`)).status).toBe(404)
  })

  it('with a third-place game has N games, and an unplayed bracket can be reseeded and deleted with its games', async () => {
    const { staffClient, season, league: lg, t } = await league()
    const created = await staffClient.post('/api/brackets', {
      seasonId: season.id,
      leagueId: lg.id,
      teams: 4,
      thirdPlace: true,
      reseed: true,
      nights: [
        { date: '2025-12-01', times: ['18:00', '19:00'] },
        { date: '2025-12-08', times: ['18:00', '19:00'] },
      ],
    })
    expect(created.status).toBe(201)
    const bracket = created.body.bracket
    expect(bracket.slots.map((s: { roundName: string }) => s.roundName)).toEqual([
      'Semi-finals',
      'Semi-finals',
      'Final',
      'Third place',
    ])
    const reseeded = await staffClient.post(`/api/brackets/${bracket.id}/reseed`, { version: bracket.version })
    expect(reseeded.status).toBe(200)
    const stale = await staffClient.delete(`/api/brackets/${bracket.id}?version=${bracket.version}`)
    expect(stale.status).toBe(409)
    const gameIds = bracket.slots.filter((s: { game: unknown }) => s.game).map((s: { game: { id: number } }) => s.game.id)
    expect(gameIds).toHaveLength(2)
    expect((await staffClient.delete(`/api/brackets/${bracket.id}?version=${reseeded.body.bracket.version}`)).status).toBe(204)
    for (const id of gameIds) expect((await staffClient.get(`/api/gamesv2/${id}`)).status).toBe(404)
    expect(t).toHaveLength(5)
  })

  it('refuses every change to a round a later round was played past — status, teams, delete — with a 409 naming the later game', async () => {
    const { staffClient, season, league: lg } = await league()
    const created = await staffClient.post('/api/brackets', {
      seasonId: season.id,
      leagueId: lg.id,
      teams: 4,
      thirdPlace: false,
      nights: [
        { date: '2025-12-01', times: ['18:00', '19:00'] },
        { date: '2025-12-08', times: ['18:00'] },
      ],
    })
    expect(created.status).toBe(201)
    const id = created.body.bracket.id
    const read = async () => (await staffClient.get(`/api/brackets/${id}`)).body.bracket
    const slot = (b: any, round: number, n = 0) => b.slots.find((s: any) => s.round === round && s.slot === n)
    let bracket = await read()
    const [semi, otherSemi] = [slot(bracket, 1, 0).game, slot(bracket, 1, 1).game]
    expect((await score(staffClient, semi.id, 50, 40)).status).toBe(200)
    expect((await score(staffClient, otherSemi.id, 50, 40)).status).toBe(200)

    // Before the final is played, postponing a semi-final takes its winner out of the final.
    const versionOf = async (gameId: number) => (await staffClient.get(`/api/gamesv2/${gameId}`)).body.game.version
    const postponed = await staffClient.put(`/api/gamesv2/${semi.id}/details`, {
      status: 'postponed',
      version: await versionOf(semi.id),
    })
    expect(postponed.status).toBe(200)
    expect(slot(await read(), 2).game).toBeNull()
    const back = await staffClient.put(`/api/gamesv2/${semi.id}/details`, {
      status: 'completed',
      version: await versionOf(semi.id),
    })
    expect(back.status).toBe(200)
    bracket = await read()
    const final = slot(bracket, 2).game
    expect(final).not.toBeNull()
    expect((await score(staffClient, final.id, 60, 55)).status).toBe(200)

    const snapshot = async () => ({
      bracket: await read(),
      semi: (await staffClient.get(`/api/gamesv2/${semi.id}`)).body.game,
    })
    const before = await snapshot()
    const laterGame = /^The Final game .* was already played with the old result/
    const v = await versionOf(semi.id)
    const attempts = [
      await staffClient.put(`/api/gamesv2/${semi.id}/details`, { status: 'postponed', version: v }),
      await staffClient.put(`/api/gamesv2/${semi.id}/details`, { status: 'cancelled', version: v }),
      await staffClient.put(`/api/games/${semi.id}`, { status: 'postponed', version: v }),
      await staffClient.put(`/api/games/${semi.id}`, { team1_id: semi.team2Id, team2_id: semi.team1Id, version: v }),
      await staffClient.delete(`/api/games/${semi.id}?confirm=true&version=${v}`),
      await staffClient.delete(`/api/games/${semi.id}?confirm=true`),
    ]
    for (const res of attempts) {
      expect(res.status, JSON.stringify(res.body)).toBe(409)
      expect(res.body.message).toMatch(laterGame)
    }
    expect(await snapshot()).toEqual(before)
    // A change that leaves the result as it is stays open: the place, and the status of a game with its score.
    const moved = await staffClient.put(`/api/gamesv2/${semi.id}/details`, { location: 'Annex', status: 'scheduled', version: v })
    expect(moved.status).toBe(200)
  })
})
