// The full-history dataset (issue 7 §1): a local database with the demo organizations plus one
// organization of the main league's real shape — 40 seasons since 1986, ~350 teams a season in 7
// leagues, 8-player rosters, over 35,000 completed games with quarter and final scores, a box score
// for every game (one row per player, game and stat: ~7.9 million rows), byes and week-offs.
// Seeded PRNG: every run writes the same rows.
//
//   node scripts/bench-data.ts          (npm run bench:data)
//
// State goes to COURTSIDE_STATE_DIR, default .wrangler/bench (the everyday .wrangler/state is left
// alone); serve it with `COURTSIDE_STATE_DIR=.wrangler/bench node scripts/start.ts`.
//
// How: wrangler applies the migrations and the demo seed as `npm start` does, then this script
// writes straight into miniflare's D1 file (a plain SQLite database) with node:sqlite in one
// transaction — millions of rows through `wrangler d1 execute` would take hours. The triggers are
// set aside during the bulk insert and put back unchanged; what they would have done (the season
// totals, the data version) is done once at the end with one statement each.
import { readdirSync, statSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { fileURLToPath } from 'node:url'
import { defaultGamePeriods, defaultPlayerAttributes, defaultStats } from '../worker/domain/defaults.ts'
import { hashPassword } from '../worker/lib/password.ts'
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

/** The big organization: its public site is /{BENCH_ORG_SLUG}; owner / staff sign in as the demo ones do. */
export const BENCH_ORG_SLUG = 'ocbl-history'
export const BENCH_STATE_DIR = path.join(ROOT, '.wrangler', 'bench')

const FIRST_YEAR = 1986
const SEASONS = 40
const ROSTER_SIZE = 8
const BASKETBALL = 1
// 7 leagues, one a night, 350 teams; the odd-sized ones give a bye every week.
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

/** miniflare keeps each local D1 database as `<state>/v3/d1/miniflare-D1DatabaseObject/<hash>.sqlite`. */
function d1File(stateDir: string): string {
  const dir = path.join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject')
  const files = readdirSync(dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')
  if (files.length !== 1) throw new Error(`Expected one D1 database file in ${dir}, found ${files.join(', ') || 'none'}`)
  return path.join(dir, files[0])
}

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
  const hashes = await Promise.all([SEED_ACCOUNTS.owner.password, SEED_ACCOUNTS.staff.password].map((p) => hashPassword(p)))

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

  const orgId = w.row('organizations', {
    name: 'Orange County Basketball League — Full History',
    slug: BENCH_ORG_SLUG,
    theme: 'light',
    navigation: 'full',
    home_variant: 'stat_leaders',
  })
  for (const [i, account] of [SEED_ACCOUNTS.owner, SEED_ACCOUNTS.staff].entries()) {
    const userId = w.row('users', {
      organization_id: orgId,
      username: account.username,
      password_hash: hashes[i],
      role: account.role,
    })
    w.insert('user_sports', ['user_id', 'sport_id'], [userId, BASKETBALL])
  }
  w.insert('organization_sports', ['organization_id', 'sport_id'], [orgId, BASKETBALL])
  const statIds = new Map<string, number>()
  for (const [i, stat] of defaultStats.basketball.entries()) {
    statIds.set(
      stat.abbreviation,
      w.row('stat_definitions', {
        organization_id: orgId,
        sport_id: BASKETBALL,
        name: stat.name,
        abbreviation: stat.abbreviation,
        order: i + 1,
        is_visible: 1,
      }),
    )
  }
  const lineStatIds = LINE_STATS.map((a) => {
    const id = statIds.get(a)
    if (!id) throw new Error(`basketball defaults lack ${a}`)
    return id
  })
  const periodIds = new Map<string, number>()
  for (const [i, name] of defaultGamePeriods.basketball.entries()) {
    periodIds.set(name, w.row('game_periods', { organization_id: orgId, sport_id: BASKETBALL, name, order: i + 1, hidden: 0 }))
  }
  const quarterIds = ['1st Quarter', '2nd Quarter', '3rd Quarter', '4th Quarter'].map((n) => periodIds.get(n) as number)
  const finalId = periodIds.get('Final') as number
  const attributeIds = defaultPlayerAttributes.map((a, i) =>
    w.row('player_attributes', {
      organization_id: orgId,
      attribute_name: a.attributeName,
      attribute_type: a.attributeType,
      is_visible: 1,
      order: i + 1,
    }),
  )
  const leagueIds = LEAGUES.map((l) => w.row('leagues', { organization_id: orgId, name: l.name }))

  const newPlayer = (): RosterPlayer => {
    const id = w.row('players', { organization_id: orgId, first_name: rng.pick(FIRST_NAMES), last_name: rng.pick(LAST_NAMES) })
    const position = rng.pick(POSITIONS)
    w.row('player_attribute_values', {
      organization_id: orgId,
      player_id: id,
      attribute_id: attributeIds[0],
      value: String(rng.pick(JERSEY_NUMBERS)),
    })
    w.row('player_attribute_values', { organization_id: orgId, player_id: id, attribute_id: attributeIds[1], value: position })
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
      sport_id: BASKETBALL,
      name: `${year} Season`,
      start_date: start,
      finish_date: finish,
      active: s === SEASONS - 1 ? 1 : 0,
    })
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

  // What the triggers would have done row by row, once: season totals, then the data version.
  const totalsStarted = performance.now()
  db.prepare(
    `INSERT INTO player_season_totals (organization_id, season_id, stat_id, league_id, team_id, player_id, total, games)
     SELECT s.organization_id, g.season_id, s.stat_id, coalesce(g.league_id, 0), s.team_id, s.player_id, sum(s.value), count(*)
     FROM player_game_stats s INNER JOIN games g ON g.id = s.game_id
     WHERE s.organization_id = ? AND g.season_id IS NOT NULL
     GROUP BY g.season_id, s.stat_id, coalesce(g.league_id, 0), s.team_id, s.player_id`,
  ).run(orgId)
  db.prepare(
    `INSERT INTO team_season_totals (organization_id, season_id, stat_id, league_id, team_id, total, stat_rows)
     SELECT organization_id, season_id, stat_id, league_id, team_id, sum(total), sum(games)
     FROM player_season_totals WHERE organization_id = ?
     GROUP BY season_id, stat_id, league_id, team_id`,
  ).run(orgId)
  for (const table of ['player_season_totals', 'team_season_totals']) {
    const { n } = db.prepare(`SELECT count(*) AS n FROM ${table} WHERE organization_id = ?`).get(orgId) as { n: number }
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
  console.log('\nRows written for the big organization:')
  for (const [table, n] of [...w.counts].sort((a, b) => b[1] - a[1]))
    console.log(`  ${table.padEnd(26)} ${n.toLocaleString('en-US').padStart(11)}`)
  console.log(`\nDatabase file: ${mb(bytes)} (${mb(demoBytes)} before the big organization)`)
  console.log(`Bytes per season of data: ${mb(seasonBytes)} (${Math.round(seasonBytes).toLocaleString('en-US')} bytes)`)
  const tenGb = 10 * 1000 ** 3
  console.log(
    `One 10 GB D1 database holds ${Math.floor(tenGb / seasonBytes).toLocaleString('en-US')} such seasons: ${Math.floor(tenGb / (seasonBytes * SEASONS))} organizations of ${SEASONS} seasons`,
  )
  console.log(
    `\nDone in ${seconds(started)}. Serve it: COURTSIDE_STATE_DIR=${path.relative(ROOT, stateDir) || stateDir} node scripts/start.ts`,
  )
  console.log(
    `Public site: http://localhost:8787/${BENCH_ORG_SLUG} — sign in at /${BENCH_ORG_SLUG}/login as ${SEED_ACCOUNTS.owner.username} / ${SEED_ACCOUNTS.owner.password}`,
  )
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  })
}
