// The full-history dataset (docs/reference/performance.md §1): the demo database with the main league's whole history
// written into the demo organization `ocbl` itself — 40 seasons (1985–2024) before the demo's
// Summer and Fall 2025, ~350 teams a season in 7 more leagues, 8-player rosters, over 35,000
// completed games with quarter and final scores, a box score for every game (one row per player,
// game and stat: ~7.9 million rows), byes and week-offs. Fall 2025 stays the active season, so the
// public site and the browser tests see the demo as before, with the history behind it.
// Seeded PRNG: every run writes the same rows.
//
//   node scripts/bench-data.ts          (npm run bench:data)
//
// State goes to COURTSIDE_STATE_DIR, default .wrangler/bench (the everyday .wrangler/state is left
// alone); serve it with `COURTSIDE_STATE_DIR=.wrangler/bench node scripts/start.ts`.
//
// How: wrangler applies the migrations and the demo seed as `npm start` does, then this script
// reads ocbl's own stat definitions, game periods and player attributes from that database and
// writes straight into miniflare's D1 file (a plain SQLite database) with node:sqlite in one
// transaction — millions of rows through `wrangler d1 execute` would take hours. The triggers are
// set aside during the bulk insert and put back unchanged; what they would have done (the new
// seasons' totals, the data version) is done once at the end with one statement each.
import { statSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { fileURLToPath } from 'node:url'
import { d1File } from './db-restore.ts'
import {
  addDays,
  FIRST_NAMES,
  JERSEY_NUMBERS,
  LAST_NAMES,
  type Line,
  losAngelesInstant,
  POSITIONS,
  playerLine,
  prng,
  quarters,
  type RosterPlayer,
  roundRobin,
  SEED_ACCOUNTS,
  TEAM_NAMES,
} from './seed-data.ts'
import { prepareDatabase, ROOT } from './start.ts'

/** The demo's main league (scripts/seed-data.ts), which the history is written into. */
export const MAIN_LEAGUE_SLUG = 'ocbl'
export const BENCH_STATE_DIR = path.join(ROOT, '.wrangler', 'bench')

// 1985–2024: the history ends before the demo's Summer 2025 and Fall 2025 (the active season).
const FIRST_YEAR = 1985
const SEASONS = 40
const ROSTER_SIZE = 8
// 7 leagues besides the demo's own four, one a night, 350 teams; the odd-sized ones give a bye every week.
const LEAGUES = [
  { name: 'Monday Night Open', venue: 'Eastside Community Center', teams: 51 },
  { name: 'Tuesday Men’s League', venue: 'Westside Recreation Gym', teams: 49 },
  { name: 'Wednesday Over-35', venue: 'Harbor High School Gym', teams: 51 },
  { name: 'Thursday Night Rec', venue: 'Eastside Community Center', teams: 49 },
  { name: 'Friday Competitive', venue: 'Civic Center Arena', teams: 51 },
  { name: 'Saturday Co-Ed', venue: 'Westside Recreation Gym', teams: 49 },
  { name: 'Sunday Morning Run', venue: 'Harbor High School Gym', teams: 50 },
]
const DIVISIONS = ['Gold', 'Silver', 'Bronze']
const SLOTS = ['18:00', '19:00', '20:00', '21:00']
const CITIES = [
  'Anaheim',
  'Irvine',
  'Tustin',
  'Orange',
  'Fullerton',
  'Costa Mesa',
  'Garden Grove',
  'Brea',
  'Laguna',
  'Newport',
  'Placentia',
  'Cypress',
  'Yorba Linda',
  'Seal Beach',
  'Westminster',
  'Fountain Valley',
  'Los Alamitos',
  'La Habra',
  'Stanton',
  'Villa Park',
]
// Regular weeks a season; every tenth season ran a week longer (the total passes 35,000 games).
const weeksOf = (season: number) => (season % 10 === 9 ? 6 : 5)
const WEEK_OFF = 3 // the fourth calendar week of every season has no games (holiday)
// Stored box-score stats (percentages are computed at read time, never stored).
const LINE_STATS: (keyof Line)[] = [
  'PTS',
  'AST',
  'REB',
  'STL',
  'BLK',
  'TO',
  'FGM',
  'FGA',
  'FTM',
  'FTA',
  '2PM',
  '2PA',
  '3PM',
  '3PA',
]

type Team = { id: number; players: RosterPlayer[] }

const fileBytes = (file: string) => {
  let total = 0
  for (const suffix of ['', '-wal']) {
    try {
      total += statSync(file + suffix).size
    } catch {}
  }
  return total
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

/** Inserts with explicit ids (they are referenced before the statement runs), counting rows per table. */
class Writer {
  private statements = new Map<string, StatementSync>()
  readonly counts = new Map<string, number>()
  private nextIds = new Map<string, number>()
  private db: DatabaseSync
  constructor(db: DatabaseSync) {
    this.db = db
  }

  nextId(table: string): number {
    let id = this.nextIds.get(table)
    if (id === undefined)
      id = Number((this.db.prepare(`SELECT coalesce(max(id), 0) AS m FROM "${table}"`).get() as { m: number }).m)
    this.nextIds.set(table, id + 1)
    return id + 1
  }

  /** One statement of `rows` rows of the given columns, prepared once per shape. */
  insert(table: string, columns: string[], values: (string | number | null)[], rows = 1) {
    const key = `${table}|${columns.join(',')}|${rows}`
    let statement = this.statements.get(key)
    if (!statement) {
      const tuple = `(${columns.map(() => '?').join(', ')})`
      statement = this.db.prepare(
        `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${Array(rows).fill(tuple).join(', ')}`,
      )
      this.statements.set(key, statement)
    }
    statement.run(...values)
    this.counts.set(table, (this.counts.get(table) ?? 0) + rows)
  }

  /** Inserts a row with the next id and returns the id. */
  row(table: string, fields: Record<string, string | number | null>): number {
    const id = this.nextId(table)
    this.insert(table, ['id', ...Object.keys(fields)], [id, ...Object.values(fields)])
    return id
  }
}

async function main() {
  const started = performance.now()
  const stateDir = process.env.COURTSIDE_STATE_DIR?.trim() ? path.resolve(process.env.COURTSIDE_STATE_DIR) : BENCH_STATE_DIR
  if (stateDir === path.parse(stateDir).root || stateDir === ROOT || ROOT.startsWith(stateDir + path.sep)) {
    throw new Error(`Refusing to delete ${stateDir}: COURTSIDE_STATE_DIR must be a folder of its own`)
  }
  console.log(`Full-history dataset in ${stateDir} (deleted and rebuilt)`)
  await rm(stateDir, { recursive: true, force: true })
  await prepareDatabase(stateDir)
  console.log(`Migrations and demo seed: ${seconds(started)}`)

  const file = d1File(stateDir)
  const demoBytes = fileBytes(file)

  const db = new DatabaseSync(file)
  // One writer, nothing to recover on a crash (the script starts over): no journal syncs.
  db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY; PRAGMA foreign_keys = ON')
  const triggers = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`).all() as {
    name: string
    sql: string
  }[]
  const w = new Writer(db)
  const rng = prng(19860301)
  const genStarted = performance.now()
  db.exec('BEGIN')
  for (const t of triggers) db.exec(`DROP TRIGGER "${t.name}"`)

  // ocbl as the demo seed left it: its sport, stats, periods and attributes are looked up, not made.
  const one = <T>(sql: string, ...params: (string | number)[]): T => {
    const row = db.prepare(sql).get(...params)
    if (!row) throw new Error(`The demo seed has no ${MAIN_LEAGUE_SLUG} row for: ${sql} [${params.join(', ')}]`)
    return row as T
  }
  const orgId = one<{ id: number }>('SELECT id FROM organizations WHERE slug = ?', MAIN_LEAGUE_SLUG).id
  const basketball = one<{ id: number }>(`SELECT id FROM sports WHERE type = 'basketball'`).id
  const lineStatIds = LINE_STATS.map(
    (abbreviation) =>
      one<{ id: number }>(
        'SELECT id FROM stat_definitions WHERE organization_id = ? AND sport_id = ? AND abbreviation = ?',
        orgId,
        basketball,
        abbreviation,
      ).id,
  )
  const periodId = (name: string) =>
    one<{ id: number }>(
      'SELECT id FROM game_periods WHERE organization_id = ? AND sport_id = ? AND name = ?',
      orgId,
      basketball,
      name,
    ).id
  const quarterIds = ['1st Quarter', '2nd Quarter', '3rd Quarter', '4th Quarter'].map(periodId)
  const finalId = periodId('Final')
  // The seed's two player attributes (defaultPlayerAttributes), by name as the seed finds them.
  const attributeId = (name: string) =>
    one<{ id: number }>('SELECT id FROM player_attributes WHERE organization_id = ? AND attribute_name = ?', orgId, name).id
  const numberAttributeId = attributeId('Number')
  const positionAttributeId = attributeId('Position')
  // A demo league of the same name is reused; the others are new leagues of ocbl.
  const demoLeague = db.prepare('SELECT id FROM leagues WHERE organization_id = ? AND name = ?')
  const leagueIds = LEAGUES.map((l) => {
    const found = demoLeague.get(orgId, l.name) as { id: number } | undefined
    return found?.id ?? w.row('leagues', { organization_id: orgId, name: l.name })
  })
  const seasonIds: number[] = []

  const newPlayer = (): RosterPlayer => {
    const id = w.row('players', { organization_id: orgId, first_name: rng.pick(FIRST_NAMES), last_name: rng.pick(LAST_NAMES) })
    const position = rng.pick(POSITIONS)
    w.row('player_attribute_values', {
      organization_id: orgId,
      player_id: id,
      attribute_id: numberAttributeId,
      value: String(rng.pick(JERSEY_NUMBERS)),
    })
    w.row('player_attribute_values', {
      organization_id: orgId,
      player_id: id,
      attribute_id: positionAttributeId,
      value: position,
    })
    return {
      id,
      skill: 0.7 + 0.6 * rng.next(),
      shooter: position === 'SG' || rng.next() < 0.35,
      big: position === 'PF' || position === 'C',
    }
  }
  const teamNamesUsed = new Map<string, number>()
  const newTeam = (leagueIndex: number): Team => {
    const base = `${rng.pick(CITIES)} ${rng.pick(TEAM_NAMES)}`
    const seen = (teamNamesUsed.get(base) ?? 0) + 1
    teamNamesUsed.set(base, seen)
    const name = seen === 1 ? base : `${base} ${seen}`
    const id = w.row('teams', { organization_id: orgId, name, league_id: leagueIds[leagueIndex] })
    return { id, players: Array.from({ length: ROSTER_SIZE }, newPlayer) }
  }

  // Teams carry over from season to season (most of them, with most of their players).
  let leagueTeams = LEAGUES.map((l, li) => Array.from({ length: l.teams }, () => newTeam(li)))
  let games = 0
  for (let s = 0; s < SEASONS; s++) {
    const year = FIRST_YEAR + s
    if (s > 0) {
      leagueTeams = leagueTeams.map((teams, li) =>
        teams.map((team) => {
          if (rng.next() < 0.15) return newTeam(li)
          team.players = team.players.map((p) => (rng.next() < 0.2 ? newPlayer() : p))
          return team
        }),
      )
    }
    // The season opens on the first Monday of March.
    const march = new Date(Date.UTC(year, 2, 1))
    const start = addDays(`${year}-03-01`, (8 - march.getUTCDay()) % 7)
    const weeks = weeksOf(s)
    const finish = addDays(start, 7 * weeks + 6)
    const seasonId = w.row('seasons', {
      organization_id: orgId,
      sport_id: basketball,
      name: `${year} Season`,
      start_date: start,
      finish_date: finish,
      active: 0, // Fall 2025 of the demo stays the active season
    })
    seasonIds.push(seasonId)
    const divisionIds = DIVISIONS.map((name, i) =>
      w.row('divisions', { organization_id: orgId, season_id: seasonId, name, position: i + 1 }),
    )
    for (const [li, league] of LEAGUES.entries()) {
      const leagueId = leagueIds[li]
      const slId = w.row('seasons_leagues', {
        organization_id: orgId,
        season_id: seasonId,
        league_id: leagueId,
        position: li + 1,
      })
      const teams = leagueTeams[li]
      for (const [ti, team] of teams.entries()) {
        const sltId = w.row('seasons_leagues_teams', {
          organization_id: orgId,
          seasons_league_id: slId,
          team_id: team.id,
          division_id: divisionIds[Math.floor((ti * DIVISIONS.length) / teams.length)],
          position: ti + 1,
        })
        for (const p of team.players)
          w.row('rosters', { organization_id: orgId, player_id: p.id, team_id: team.id, seasons_league_team_id: sltId })
      }
      const nightOf = (week: number) => addDays(start, 7 * week + li)
      w.row('week_offs', {
        organization_id: orgId,
        season_id: seasonId,
        league_id: leagueId,
        seasons_leagues_id: slId,
        date: nightOf(WEEK_OFF),
        reason: 'Holiday',
      })
      const rounds = roundRobin(rng.shuffle(teams))
      for (let week = 0; week < weeks; week++) {
        const date = nightOf(week >= WEEK_OFF ? week + 1 : week)
        const { pairs, bye } = rounds[week % rounds.length]
        if (bye)
          w.row('byes', {
            organization_id: orgId,
            season_id: seasonId,
            league_id: leagueId,
            week_index: week,
            date,
            team_id: bye.id,
          })
        for (const [gi, [home, away]] of pairs.entries()) {
          const time = SLOTS[gi % SLOTS.length]
          const lines = [home, away].map((team) => team.players.map((p) => playerLine(rng, p, 1)))
          const score = lines.map((side) => side.reduce((sum, l) => sum + l.PTS, 0))
          if (score[0] === score[1]) {
            // No ties in basketball: one more free throw for the home side.
            const l = lines[0][rng.int(0, ROSTER_SIZE - 1)]
            l.FTM++
            l.FTA++
            l.PTS++
            score[0]++
          }
          const gameId = w.row('games', {
            organization_id: orgId,
            season_id: seasonId,
            league_id: leagueId,
            seasons_league_id: slId,
            week_index: week,
            team1_id: home.id,
            team2_id: away.id,
            date,
            time,
            game_date_time: losAngelesInstant(date, time),
            location: `${league.venue}, Court ${Math.floor(gi / SLOTS.length) + 1}`,
            status: 'completed',
            score_team1: score[0],
            score_team2: score[1],
            locked: 0,
          })
          games++
          for (const [side, team] of [home, away].entries()) {
            const q = quarters(rng, score[side])
            const periods = [...quarterIds.map((id, i) => [id, q[i]]), [finalId, score[side]]]
            w.insert(
              'period_scores',
              ['organization_id', 'game_id', 'game_period_id', 'team_id', 'score'],
              periods.flatMap(([periodId, points]) => [orgId, gameId, periodId, team.id, points]),
              periods.length,
            )
            for (const [pi, player] of team.players.entries()) {
              const line = lines[side][pi]
              w.insert(
                'player_game_stats',
                ['organization_id', 'game_id', 'player_id', 'team_id', 'stat_id', 'value'],
                LINE_STATS.flatMap((a, si) => [orgId, gameId, player.id, team.id, lineStatIds[si], line[a]]),
                LINE_STATS.length,
              )
            }
          }
        }
      }
    }
  }
  console.log(`Generated and inserted ${games.toLocaleString('en-US')} games: ${seconds(genStarted)}`)

  // What the triggers would have done row by row, once: season totals, then the data version. Only
  // the new seasons' totals: the demo's own seasons of ocbl have theirs from the seed's triggers.
  const totalsStarted = performance.now()
  const newSeasons = JSON.stringify(seasonIds)
  db.prepare(
    `INSERT INTO player_season_totals (organization_id, season_id, stat_id, league_id, team_id, player_id, total, games)
     SELECT s.organization_id, g.season_id, s.stat_id, coalesce(g.league_id, 0), s.team_id, s.player_id, sum(s.value), count(*)
     FROM player_game_stats s INNER JOIN games g ON g.id = s.game_id
     WHERE s.organization_id = ? AND g.season_id IN (SELECT value FROM json_each(?))
     GROUP BY g.season_id, s.stat_id, coalesce(g.league_id, 0), s.team_id, s.player_id`,
  ).run(orgId, newSeasons)
  db.prepare(
    `INSERT INTO team_season_totals (organization_id, season_id, stat_id, league_id, team_id, total, stat_rows)
     SELECT organization_id, season_id, stat_id, league_id, team_id, sum(total), sum(games)
     FROM player_season_totals WHERE organization_id = ? AND season_id IN (SELECT value FROM json_each(?))
     GROUP BY season_id, stat_id, league_id, team_id`,
  ).run(orgId, newSeasons)
  // The record book's totals (migration 0013, docs/records.md): the same rows its triggers write,
  // made once from the new seasons' box scores through the migration's own views; added to any
  // career row the demo seasons already gave a player.
  db.prepare(
    `INSERT INTO record_totals (organization_id, player_id, stat_id, season_id, league_id, total, games, attempts, box_rows)
     SELECT b.organization_id, b.player_id, t.target_id, s.season_id, s.league_id,
       sum(t.made * b.value), sum(t.game), sum(t.attempted * b.value), count(*)
     FROM player_game_stats b
     INNER JOIN record_stat_targets t ON t.stat_id = b.stat_id
     INNER JOIN record_game_scopes s ON s.game_id = b.game_id
     INNER JOIN games g ON g.id = b.game_id
     WHERE b.organization_id = ? AND g.season_id IN (SELECT value FROM json_each(?))
     GROUP BY b.player_id, t.target_id, s.season_id, s.league_id
     ON CONFLICT (player_id, stat_id, season_id, league_id) DO UPDATE SET total = total + excluded.total,
       games = games + excluded.games, attempts = attempts + excluded.attempts, box_rows = box_rows + excluded.box_rows`,
  ).run(orgId, newSeasons)
  w.counts.set(
    'record_totals',
    Number((db.prepare('SELECT count(*) AS n FROM record_totals WHERE organization_id = ?').get(orgId) as { n: number }).n),
  )
  for (const table of ['player_season_totals', 'team_season_totals']) {
    const { n } = db
      .prepare(`SELECT count(*) AS n FROM ${table} WHERE organization_id = ? AND season_id IN (SELECT value FROM json_each(?))`)
      .get(orgId, newSeasons) as { n: number }
    w.counts.set(table, Number(n))
  }
  db.prepare('UPDATE organizations SET data_version = data_version + 1 WHERE id = ?').run(orgId)
  for (const t of triggers) db.exec(t.sql)
  db.exec('COMMIT')
  console.log(`Season totals and triggers: ${seconds(totalsStarted)}`)
  const checkpointStarted = performance.now()
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  db.close()
  console.log(`Checkpoint: ${seconds(checkpointStarted)}`)

  const bytes = fileBytes(file)
  const seasonBytes = (bytes - demoBytes) / SEASONS
  console.log(`\nRows written into ${MAIN_LEAGUE_SLUG} for its history:`)
  for (const [table, n] of [...w.counts].sort((a, b) => b[1] - a[1]))
    console.log(`  ${table.padEnd(26)} ${n.toLocaleString('en-US').padStart(11)}`)
  console.log(`\nDatabase file: ${mb(bytes)} (${mb(demoBytes)} before the history: the demo alone)`)
  // The demo's bytes are left out: only the 40 history seasons count.
  console.log(`Bytes per season of data: ${mb(seasonBytes)} (${Math.round(seasonBytes).toLocaleString('en-US')} bytes)`)
  const tenGb = 10 * 1000 ** 3
  console.log(
    `One 10 GB D1 database holds ${Math.floor(tenGb / seasonBytes).toLocaleString('en-US')} such seasons: ${Math.floor(tenGb / (seasonBytes * SEASONS))} organizations of ${SEASONS} seasons`,
  )
  console.log(
    `\nDone in ${seconds(started)}. Serve it: COURTSIDE_STATE_DIR=${path.relative(ROOT, stateDir) || stateDir} node scripts/start.ts`,
  )
  console.log(
    `Public site: http://localhost:8787/${MAIN_LEAGUE_SLUG} — sign in at /${MAIN_LEAGUE_SLUG}/login as ${SEED_ACCOUNTS.owner.username} / ${SEED_ACCOUNTS.owner.password} (or ${SEED_ACCOUNTS.staff.username} / ${SEED_ACCOUNTS.staff.password}), the demo's own accounts`,
  )
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  })
}
