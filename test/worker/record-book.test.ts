import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { PERCENTAGES } from '../../worker/domain/derived-stats'
import { Client } from '../helpers/client'
import { createTenant, withBasketballDefaults } from '../helpers/factories'

// docs/records.md: every record-book list, career line, split and team history answer must equal
// a fresh aggregate of the raw box scores — here computed in the test from player_game_stats
// itself — on generated data with ties and qualification edges, after edits, deletes and a game
// moved to another league (the triggers of migration 0013 keep record_totals current).

/** mulberry32: random-looking, the same on every run. */
function prng(seed: number) {
  let a = seed >>> 0
  return (max: number) => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = Math.imul(a ^ (a >>> 15), a | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max)
  }
}

const COUNTING = ['PTS', 'REB', 'AST', 'FGM', 'FGA', 'FTM', 'FTA', '2PM', '2PA', '3PM', '3PA']

interface Raw {
  player_id: number
  abbreviation: string
  value: number
  game_id: number
  team_id: number
  season_id: number
  league_id: number | null
  date: string
  start_date: string
  team1_id: number
  team2_id: number
  score_team1: number
  score_team2: number
  status: string
}

async function all<T>(query: string, ...params: unknown[]) {
  return (
    await env.DB.prepare(query)
      .bind(...params)
      .all<T>()
  ).results
}

/** The generated history: 3 seasons × 2 leagues × 3 teams, players reshuffled between leagues every season. */
async function generate(orgId: number) {
  const { sport, stat } = await withBasketballDefaults(orgId)
  const random = prng(19)
  const insert = async (sql: string, ...params: unknown[]) =>
    Number(
      (
        await env.DB.prepare(`${sql} RETURNING id`)
          .bind(...params)
          .first<{ id: number }>()
      )?.id,
    )
  const seasons = []
  for (const [i, start] of ['2021-03-01', '2022-03-07', '2023-03-06'].entries())
    seasons.push({
      id: await insert(
        'INSERT INTO seasons (organization_id, sport_id, name, start_date, active) VALUES (?, ?, ?, ?, ?)',
        orgId,
        sport.id,
        `Year ${2021 + i}`,
        start,
        i === 2 ? 1 : 0,
      ),
      start,
    })
  const leagues = [
    await insert('INSERT INTO leagues (organization_id, name) VALUES (?, ?)', orgId, 'Monday'),
    await insert('INSERT INTO leagues (organization_id, name) VALUES (?, ?)', orgId, 'Thursday'),
  ]
  const teams: number[][] = []
  for (const [li] of leagues.entries()) {
    teams.push([])
    for (let t = 0; t < 3; t++)
      teams[li].push(
        await insert('INSERT INTO teams (organization_id, name, league_id) VALUES (?, ?, ?)', orgId, `L${li}T${t}`, leagues[li]),
      )
  }
  const players: number[] = []
  for (let p = 0; p < 28; p++)
    players.push(
      await insert('INSERT INTO players (organization_id, first_name, last_name) VALUES (?, ?, ?)', orgId, `P${p}`, `Gen${p}`),
    )

  const boxRows: string[] = []
  const gameIds: number[] = []
  for (const season of seasons) {
    const pool = [...players].sort(() => random(3) - 1).slice(0, 24)
    for (const [li, league] of leagues.entries()) {
      const sl = await insert(
        'INSERT INTO seasons_leagues (organization_id, season_id, league_id) VALUES (?, ?, ?)',
        orgId,
        season.id,
        league,
      )
      const roster = new Map<number, number[]>()
      for (const [ti, team] of teams[li].entries()) {
        await env.DB.prepare('INSERT INTO seasons_leagues_teams (organization_id, seasons_league_id, team_id) VALUES (?, ?, ?)')
          .bind(orgId, sl, team)
          .run()
        roster.set(team, pool.slice(li * 12 + ti * 4, li * 12 + ti * 4 + 4))
      }
      let week = 0
      for (const home of teams[li])
        for (const away of teams[li]) {
          if (home === away) continue
          week++
          // Months March to June; one level score and one unplayed 0-0 game per league season.
          const date = new Date(Date.parse(`${season.start}T12:00:00Z`) + week * 17 * 86_400_000).toISOString().slice(0, 10)
          const level = week === 3
          const unplayed = week === 5
          const s1 = unplayed ? 0 : 40 + random(30)
          const s2 = unplayed ? 0 : level ? s1 : 40 + random(30)
          const gameId = await insert(
            `INSERT INTO games (organization_id, season_id, league_id, seasons_league_id, team1_id, team2_id, date, time, status, score_team1, score_team2)
             VALUES (?, ?, ?, ?, ?, ?, ?, '19:00', ?, ?, ?)`,
            orgId,
            season.id,
            league,
            sl,
            home,
            away,
            date,
            unplayed ? 'scheduled' : 'completed',
            s1,
            s2,
          )
          gameIds.push(gameId)
          if (unplayed) continue
          for (const team of [home, away])
            for (const player of roster.get(team) ?? []) {
              // Small ranges make ties; a stat left out now and then makes games differ per stat (not
              // the field goals: saved through the API, FGM and FGA are always 2P + 3P).
              const v = {
                '2PA': 2 + random(6),
                '3PA': random(5),
                FTA: random(6),
                REB: random(8),
                AST: random(6),
              } as Record<string, number>
              v['2PM'] = random(v['2PA'] + 1)
              v['3PM'] = random(v['3PA'] + 1)
              v.FTM = random(v.FTA + 1)
              v.FGM = v['2PM'] + v['3PM']
              v.FGA = v['2PA'] + v['3PA']
              v.PTS = 2 * v['2PM'] + 3 * v['3PM'] + v.FTM
              for (const a of COUNTING) {
                if (random(9) === 0 && ['REB', 'AST', 'FTM', 'FTA'].includes(a)) continue
                boxRows.push(`(${orgId}, ${gameId}, ${player}, ${team}, ${stat(a)}, ${v[a]})`)
              }
            }
        }
    }
  }
  const statements = []
  for (let i = 0; i < boxRows.length; i += 200)
    statements.push(
      env.DB.prepare(
        `INSERT INTO player_game_stats (organization_id, game_id, player_id, team_id, stat_id, value) VALUES ${boxRows.slice(i, i + 200).join(', ')}`,
      ),
    )
  await env.DB.batch(statements)
  return { seasons, leagues, teams, players, stat, gameIds }
}

async function rawRows(orgId: number) {
  return all<Raw>(
    `SELECT b.player_id, d.abbreviation, b.value, b.game_id, b.team_id, g.season_id, g.league_id, g.date, s.start_date,
       g.team1_id, g.team2_id, g.score_team1, g.score_team2, g.status
     FROM player_game_stats b INNER JOIN games g ON g.id = b.game_id INNER JOIN seasons s ON s.id = g.season_id
     INNER JOIN stat_definitions d ON d.id = b.stat_id WHERE b.organization_id = ?`,
    orgId,
  )
}

/** record_totals as the triggers left it, against the same sums made afresh in JS. */
async function checkTotals(orgId: number, stat: (a: string) => number) {
  const stored = await all<Record<string, number>>(
    'SELECT player_id, stat_id, season_id, league_id, total, games, attempts FROM record_totals WHERE organization_id = ?',
    orgId,
  )
  const fresh = new Map<string, Record<string, number>>()
  const add = (r: Raw, statId: number, seasonId: number, leagueId: number, made: number, attempted: number, game: number) => {
    const key = `${r.player_id}:${statId}:${seasonId}:${leagueId}`
    const row = fresh.get(key) ?? {
      player_id: r.player_id,
      stat_id: statId,
      season_id: seasonId,
      league_id: leagueId,
      total: 0,
      games: 0,
      attempts: 0,
    }
    row.total += made
    row.attempts += attempted
    row.games += game
    fresh.set(key, row)
  }
  for (const r of await rawRows(orgId)) {
    const scopes: [number, number][] = [
      [r.season_id, r.league_id ?? 0],
      [0, 0],
    ]
    if (r.league_id) scopes.push([0, r.league_id])
    for (const [season, league] of scopes) {
      add(r, stat(r.abbreviation), season, league, r.value, 0, 1)
      for (const [pct, [made, attempted]] of Object.entries(PERCENTAGES)) {
        if (r.abbreviation === made) add(r, stat(pct), season, league, r.value, 0, 0)
        if (r.abbreviation === attempted) add(r, stat(pct), season, league, 0, r.value, 1)
      }
    }
  }
  const order = (rows: Record<string, number>[]) => rows.map((r) => JSON.stringify(r)).sort()
  expect(order(stored)).toEqual(order([...fresh.values()]))
  expect(stored.length).toBeGreaterThan(0)
}

interface Entry {
  rank: number
  tied: boolean
  value: number
  player: { id: number }
  season?: { id: number }
  league?: { id: number } | null
  game?: { id: number }
  games?: number
  attempts?: number
}

type Candidate = { value: number; player: number; season?: number; league?: number; game?: number; order: (string | number)[] }

/** The top 10 with every tie of the 10th, at most 25, ranks shared by ties: made independently of the worker's. */
function expectedList(candidates: Candidate[]) {
  const sorted = [...candidates].sort((a, b) => {
    if (a.value !== b.value) return b.value - a.value
    for (let i = 0; i < a.order.length; i++) if (a.order[i] !== b.order[i]) return a.order[i] < b.order[i] ? -1 : 1
    return 0
  })
  if (sorted.length === 0) return { entries: [], truncated: false }
  const cutoff = sorted[Math.min(10, sorted.length) - 1].value
  const kept = sorted.filter((c) => c.value >= cutoff)
  return {
    truncated: kept.length > 25,
    entries: kept.slice(0, 25).map((c) => ({
      rank: kept.filter((o) => o.value > c.value).length + 1,
      tied: kept.filter((o) => o.value === c.value).length > 1,
      value: c.value,
      player: c.player,
      season: c.season,
      league: c.league,
      game: c.game,
    })),
  }
}

const shape = (list: { entries: Entry[]; truncated: boolean }) => ({
  truncated: list.truncated,
  entries: list.entries.map((e) => ({
    rank: e.rank,
    tied: e.tied,
    value: e.value,
    player: e.player.id,
    season: e.season?.id,
    league: e.league === undefined ? undefined : (e.league?.id ?? 0),
    game: e.game?.id,
  })),
})

describe('record book', () => {
  it('answers every list as a fresh aggregate of the box scores: filters, ties, qualification edges', async () => {
    const { org, staffClient } = await createTenant()
    const data = await generate(org.id)
    const { stat, seasons, leagues } = data
    await checkTotals(org.id, stat)

    // Edits, deletes and a game moved to the other league: the triggers follow each.
    const [g1, g2, g3] = data.gameIds.filter((_, i) => i % 6 !== 4)
    await env.DB.prepare('UPDATE player_game_stats SET value = value + 7 WHERE game_id = ? AND stat_id = ?')
      .bind(g1, stat('PTS'))
      .run()
    await env.DB.prepare('DELETE FROM player_game_stats WHERE game_id = ? AND stat_id IN (?, ?)')
      .bind(g2, stat('FTA'), stat('REB'))
      .run()
    await env.DB.prepare('UPDATE games SET league_id = ? WHERE id = ?').bind(leagues[1], g3).run()
    await checkTotals(org.id, stat)
    await env.DB.prepare('DELETE FROM games WHERE id = ?').bind(g2).run()
    await checkTotals(org.id, stat)

    const raw = await rawRows(org.id)
    // Qualification edges from the data: a minimum some season lines meet exactly and others miss by one.
    const seasonLines = Map.groupBy(raw, (r) => `${r.player_id}:${r.season_id}:${r.league_id}`)
    const gamesOf = (rows: Raw[], a: string) => rows.filter((r) => r.abbreviation === a).length
    const attemptsOf = (rows: Raw[], a: string) => rows.filter((r) => r.abbreviation === a).reduce((s, r) => s + r.value, 0)
    const gameCounts = new Set([...seasonLines.values()].map((rows) => gamesOf(rows, 'REB')))
    const minGames = [...gameCounts].sort((a, b) => b - a).find((v) => gameCounts.has(v - 1)) ?? 3
    const attemptCounts = new Set([...seasonLines.values()].map((rows) => attemptsOf(rows, 'FTA')))
    const minAttempts = [...attemptCounts].sort((a, b) => a - b).find((v) => v >= 8 && attemptCounts.has(v - 1)) ?? 8

    const current = await staffClient.get('/api/records/settings')
    expect(current.status).toBe(200)
    expect(current.body.settings).toMatchObject({ minGames: 10, minAttempts: 50 })
    const saved = await staffClient.put('/api/records/settings', {
      minGames,
      minAttempts,
      version: current.body.settings.version,
    })
    expect(saved.status).toBe(200)
    // A stale copy is refused; a bad value is a 400 that names the field.
    expect(
      (await staffClient.put('/api/records/settings', { minGames: 3, minAttempts: 3, version: current.body.settings.version }))
        .status,
    ).toBe(409)
    const bad = await staffClient.put('/api/records/settings', { minGames: 0, minAttempts: 'many' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['minGames', 'minAttempts']))

    const visitor = new Client()
    const book = async (query: string) => {
      const res = await visitor.get(`/api/records/book?slug=${org.slug}${query}`)
      expect(res.status, query).toBe(200)
      return res.body
    }
    const first = await book('')
    expect(first.stats.map((s: { abbreviation: string }) => s.abbreviation)).toContain('FT%')
    expect(first.statId).toBe(first.stats[0].id)
    expect(first.qualification).toEqual({ minGames, minAttempts })

    const filters: { query: string; league: number | null; from: string; to: string }[] = [
      { query: '', league: null, from: '', to: '9999' },
      { query: `&leagueId=${leagues[0]}`, league: leagues[0], from: '', to: '9999' },
      { query: `&from=${seasons[1].id}&to=${seasons[2].id}`, league: null, from: seasons[1].start, to: seasons[2].start },
      {
        query: `&leagueId=${leagues[1]}&from=${seasons[0].id}&to=${seasons[1].id}`,
        league: leagues[1],
        from: seasons[0].start,
        to: seasons[1].start,
      },
    ]
    let ties = 0
    let qualifiedAtEdge = 0
    for (const s of first.stats as { id: number; abbreviation: string }[]) {
      const pct = s.abbreviation in PERCENTAGES
      for (const f of filters) {
        const rows = raw.filter((r) => (!f.league || r.league_id === f.league) && r.start_date >= f.from && r.start_date <= f.to)
        const ranged = f.from !== '' || f.to !== '9999'
        const answer = await book(`&stat=${s.id}${f.query}`)
        expect(answer.statId).toBe(s.id)
        const label = `${s.abbreviation}${f.query}`
        const own = rows.filter((r) => r.abbreviation === s.abbreviation)

        const singleGame = pct
          ? []
          : own
              .filter((r) => r.value > 0)
              .map((r) => ({
                value: r.value,
                player: r.player_id,
                season: r.season_id,
                game: r.game_id,
                order: [r.date, r.game_id, r.player_id],
              }))
        expect(shape(answer.singleGame), `${label} single game`).toEqual(expectedList(singleGame))

        const seasonGroups = [...Map.groupBy(own, (r) => `${r.player_id}:${r.season_id}:${r.league_id ?? 0}`).values()]
        const singleSeason = pct
          ? []
          : seasonGroups
              .map((g) => ({
                value: g.reduce((sum, r) => sum + r.value, 0),
                player: g[0].player_id,
                season: g[0].season_id,
                league: g[0].league_id ?? 0,
                order: [g[0].start_date, g[0].player_id],
              }))
              .filter((c) => c.value > 0)
        expect(shape(answer.singleSeason), `${label} single season`).toEqual(expectedList(singleSeason))

        const careerGroups = [...Map.groupBy(own, (r) => r.player_id).values()]
        const career = pct
          ? []
          : careerGroups
              .map((g) => ({ value: g.reduce((sum, r) => sum + r.value, 0), player: g[0].player_id, order: [g[0].player_id] }))
              .filter((c) => c.value > 0)
        expect(shape(answer.career), `${label} career`).toEqual(expectedList(career))

        // Rates: total ÷ games of the stat, or made ÷ attempted; only lines that qualify.
        const rate = (group: Raw[]) => {
          if (!pct) {
            const games = group.length
            return { value: games > 0 ? group.reduce((sum, r) => sum + r.value, 0) / games : 0, volume: games, min: minGames }
          }
          const [made, attempted] = PERCENTAGES[s.abbreviation]
          const m = group.filter((r) => r.abbreviation === made).reduce((sum, r) => sum + r.value, 0)
          const a = group.filter((r) => r.abbreviation === attempted).reduce((sum, r) => sum + r.value, 0)
          return { value: a > 0 ? m / a : 0, volume: a, min: minAttempts }
        }
        const parts = pct ? PERCENTAGES[s.abbreviation] : [s.abbreviation]
        const partRows = rows.filter((r) => parts.includes(r.abbreviation))
        const seasonRates = [...Map.groupBy(partRows, (r) => `${r.player_id}:${r.season_id}:${r.league_id ?? 0}`).values()]
          .map((g) => ({ g, ...rate(g) }))
          .filter((c) => c.volume >= c.min)
        qualifiedAtEdge += seasonRates.filter((c) => c.volume === c.min).length
        expect(shape(answer.seasonRate), `${label} season rate`).toEqual(
          expectedList(
            seasonRates.map((c) => ({
              value: c.value,
              player: c.g[0].player_id,
              season: c.g[0].season_id,
              league: c.g[0].league_id ?? 0,
              order: [c.g[0].start_date, c.g[0].player_id],
            })),
          ),
        )
        const careerRates = [...Map.groupBy(partRows, (r) => r.player_id).values()]
          .map((g) => ({ g, ...rate(g) }))
          .filter((c) => c.volume >= c.min)
        expect(shape(answer.careerRate), `${label} career rate${ranged ? ' (range)' : ''}`).toEqual(
          expectedList(careerRates.map((c) => ({ value: c.value, player: c.g[0].player_id, order: [c.g[0].player_id] }))),
        )
        // Nobody just under the minimum is listed.
        for (const e of answer.seasonRate.entries as Entry[])
          expect(pct ? e.attempts : e.games, `${label} qualification`).toBeGreaterThanOrEqual(pct ? minAttempts : minGames)
        ties += [answer.singleGame, answer.singleSeason, answer.career]
          .flatMap((l) => l.entries)
          .filter((e: Entry) => e.tied).length
      }
    }
    // The generated data did reach the edges this test is about.
    expect(ties).toBeGreaterThan(0)
    expect(qualifiedAtEdge).toBeGreaterThan(0)

    // Bad filters: 400 with the field, or 404 for another organization's or a missing league / season / stat.
    const badId = await visitor.get(`/api/records/book?slug=${org.slug}&leagueId=abc`)
    expect(badId.status).toBe(400)
    expect(badId.body.fields.leagueId).toBeTruthy()
    expect((await visitor.get(`/api/records/book?slug=${org.slug}&leagueId=999999`)).status).toBe(404)
    expect((await visitor.get(`/api/records/book?slug=${org.slug}&from=999999`)).status).toBe(404)
    expect((await visitor.get(`/api/records/book?slug=${org.slug}&stat=999999`)).status).toBe(404)
  }, 120_000)

  it('career lines, highs and splits of the stats page equal fresh sums of the box score', async () => {
    const { org } = await createTenant()
    const data = await generate(org.id)
    const raw = await rawRows(org.id)
    const visitor = new Client()
    for (const playerId of data.players.slice(0, 4)) {
      const res = await visitor.get(`/api/playersv2/${playerId}/stats?slug=${org.slug}`)
      expect(res.status).toBe(200)
      const mine = raw.filter((r) => r.player_id === playerId)
      const check = (
        line: { gamesPlayed: number; totals: Record<string, number>; averages: Record<string, number> },
        rows: Raw[],
        label: string,
      ) => {
        const games = new Set(rows.map((r) => r.game_id)).size
        expect(line.gamesPlayed, label).toBe(games)
        for (const a of COUNTING) {
          const total = rows.filter((r) => r.abbreviation === a).reduce((s, r) => s + r.value, 0)
          expect(line.totals[a] ?? 0, `${label} ${a}`).toBe(total)
          // Total ÷ games played, never an average of season averages.
          expect(line.averages[a] ?? 0, `${label} ${a} per game`).toBeCloseTo(games ? total / games : 0, 10)
        }
        for (const [pct, [made, attempted]] of Object.entries(PERCENTAGES)) {
          const m = rows.filter((r) => r.abbreviation === made).reduce((s, r) => s + r.value, 0)
          const a = rows.filter((r) => r.abbreviation === attempted).reduce((s, r) => s + r.value, 0)
          expect(line.totals[pct], `${label} ${pct}`).toBeCloseTo(a ? m / a : 0, 10)
        }
      }
      check(res.body.career, mine, `player ${playerId} career`)
      for (const high of res.body.highs as { abbreviation: string; value: number; games: { id: number }[] }[]) {
        const rows = mine.filter((r) => r.abbreviation === high.abbreviation)
        const best = Math.max(...rows.map((r) => r.value))
        expect(high.value).toBe(best)
        expect(high.games.map((g) => g.id).sort()).toEqual(
          rows
            .filter((r) => r.value === best)
            .map((r) => r.game_id)
            .sort(),
        )
      }
      const splitOf = (key: (r: Raw) => string | null) =>
        Map.groupBy(
          mine.filter((r) => key(r) !== null),
          (r) => key(r) as string,
        )
      const own = (r: Raw) => (r.team_id === r.team1_id ? [r.score_team1, r.score_team2] : [r.score_team2, r.score_team1])
      const expectations: Record<string, (r: Raw) => string | null> = {
        location: (r) => (r.team_id === r.team1_id ? 'home' : 'away'),
        result: (r) => {
          const [a, b] = own(r)
          if (a === 0 && b === 0) return null
          return a > b ? 'wins' : a < b ? 'losses' : 'ties'
        },
        month: (r) => String(Number(r.date.slice(5, 7))),
        opponent: (r) => String(r.team_id === r.team1_id ? r.team2_id : r.team1_id),
        season: (r) => String(r.season_id),
      }
      for (const [name, key] of Object.entries(expectations)) {
        const groups = splitOf(key)
        const lines = res.body.splits[name] as {
          key: string
          gamesPlayed: number
          totals: Record<string, number>
          averages: Record<string, number>
        }[]
        expect(lines.map((l) => l.key).sort(), name).toEqual([...groups.keys()].sort())
        for (const l of lines) check(l, groups.get(l.key) ?? [], `player ${playerId} ${name} ${l.key}`)
      }
    }
  }, 60_000)

  it('team history: records, finishes, head-to-head and all-time leaders from the raw games and box scores', async () => {
    const { org } = await createTenant()
    const data = await generate(org.id)
    const team = data.teams[0][0]
    const res = await new Client().get(`/api/records/teams/${team}?slug=${org.slug}`)
    expect(res.status).toBe(200)
    const games = await all<{
      season_id: number
      league_id: number
      team1_id: number
      team2_id: number
      score_team1: number
      score_team2: number
      status: string
    }>(
      'SELECT season_id, league_id, team1_id, team2_id, score_team1, score_team2, status FROM games WHERE organization_id = ?',
      org.id,
    )
    const decided = games.filter((g) => g.score_team1 !== g.score_team2 && g.status !== 'cancelled' && g.status !== 'postponed')
    const won = (g: (typeof games)[number], t: number) =>
      g.team1_id === t ? g.score_team1 > g.score_team2 : g.score_team2 > g.score_team1
    const recordOf = (t: number, seasonId: number, leagueId: number) => {
      const mine = decided.filter(
        (g) => g.season_id === seasonId && g.league_id === leagueId && (g.team1_id === t || g.team2_id === t),
      )
      const wins = mine.filter((g) => won(g, t)).length
      return { wins, losses: mine.length - wins }
    }
    expect(res.body.seasons).toHaveLength(3)
    for (const s of res.body.seasons) {
      const own = recordOf(team, s.season.id, s.league.id)
      expect({ wins: s.wins, losses: s.losses }).toEqual(own)
      const pct = (r: { wins: number; losses: number }) => (r.wins + r.losses ? r.wins / (r.wins + r.losses) : 0)
      const better = data.teams[0].filter((other) => {
        const r = recordOf(other, s.season.id, s.league.id)
        return (
          pct(r) > pct(own) || (pct(r) === pct(own) && (r.losses < own.losses || (r.losses === own.losses && r.wins > own.wins)))
        )
      }).length
      expect(s.finish).toBe(better + 1)
    }
    for (const h of res.body.headToHead) {
      const between = decided.filter(
        (g) => (g.team1_id === team && g.team2_id === h.id) || (g.team2_id === team && g.team1_id === h.id),
      )
      expect([h.wins, h.losses]).toEqual([
        between.filter((g) => won(g, team)).length,
        between.filter((g) => !won(g, team)).length,
      ])
    }
    expect(res.body.headToHead.map((h: { id: number }) => h.id).sort()).toEqual([...data.teams[0].slice(1)].sort())
    const raw = (await rawRows(org.id)).filter((r) => r.team_id === team)
    for (const leader of res.body.leaders) {
      const sums = [
        ...Map.groupBy(
          raw.filter((r) => r.abbreviation === leader.stat.abbreviation),
          (r) => r.player_id,
        ).entries(),
      ]
        .map(([player, rows]) => ({ player, total: rows.reduce((s, r) => s + r.value, 0) }))
        .filter((x) => x.total > 0)
        .sort((a, b) => b.total - a.total)
      const cutoff = sums[Math.min(5, sums.length) - 1].total
      expect(leader.players.map((p: { total: number }) => p.total)).toEqual(
        sums.filter((x) => x.total >= cutoff).map((x) => x.total),
      )
    }
    expect(res.body.leaders.length).toBeGreaterThan(0)
    expect((await new Client().get(`/api/records/teams/99999999?slug=${org.slug}`)).status).toBe(404)
  }, 60_000)
})
