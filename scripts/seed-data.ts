// Demo data for a fresh local database: one SQL script of INSERTs with explicit ids.
// Pure apart from password salts: the same options give the same rows (names, scores and box
// scores come from a seeded PRNG), only the password hashes differ between runs.
// No BEGIN/COMMIT: D1 rejects them (`wrangler d1 execute --file` runs the file as one unit).
// Rows are inserted parents first, so the script passes with foreign keys enforced.

import { ID_RANGE, idRangeStart } from '../worker/db/id-ranges.ts'
import { defaultGamePeriods, defaultPlayerAttributes, defaultStats } from '../worker/domain/defaults.ts'
import { hashPassword } from '../worker/lib/password.ts'
import { ocblSiteContent } from './seed-content.ts'

export type SeedOptions = { superadminPassword: string }

/** The accounts the seed creates; every tenant organization gets the same owner and staff logins. */
export const SEED_ACCOUNTS = {
  superadmin: { username: 'superadmin', organizationSlug: 'platform' },
  owner: { username: 'owner', password: 'owner-local', role: 'org_owner' },
  staff: { username: 'staff', password: 'staff-local', role: 'staff' },
} as const

export const DEFAULT_SUPERADMIN_PASSWORD = 'superadmin-local'

// ---------------------------------------------------------------------------------------------
// Fixed reference data

const SPORTS = [
  { id: 1, name: 'Basketball', type: 'basketball' },
  { id: 2, name: 'Volleyball', type: 'volleyball' },
  { id: 3, name: 'Baseball', type: 'baseball' },
  { id: 4, name: 'Tennis', type: 'tennis' },
]
const BASKETBALL = 1

// The sport defaults every new organization gets (worker/domain/defaults.ts), so seeded and
// newly created organizations start alike.
const BASKETBALL_STATS = defaultStats.basketball
const BASKETBALL_PERIODS = defaultGamePeriods.basketball
// The box-score generator below relies on these abbreviations and on a period named Final.
for (const abbreviation of ['PTS', 'AST', 'REB', 'STL', 'BLK', 'TO', 'FGM', 'FGA', 'FTM', 'FTA', '2PM', '2PA', '3PM', '3PA']) {
  if (!BASKETBALL_STATS.some((s) => s.abbreviation === abbreviation)) throw new Error(`basketball defaults lack ${abbreviation}`)
}
if (!BASKETBALL_PERIODS.includes('Final')) throw new Error('basketball defaults lack a Final period')

export const POSITIONS = ['PG', 'SG', 'SF', 'PF', 'C']
export const JERSEY_NUMBERS = [
  0, 1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14, 15, 20, 21, 22, 23, 24, 25, 30, 32, 33, 34, 35, 41, 42, 44, 55,
]

export const FIRST_NAMES = [
  'Aaron',
  'Adrian',
  'Alex',
  'Andre',
  'Anthony',
  'Ben',
  'Brandon',
  'Brian',
  'Caleb',
  'Carlos',
  'Chris',
  'Daniel',
  'Darius',
  'David',
  'Derek',
  'Devin',
  'Diego',
  'Dominic',
  'Dylan',
  'Eddie',
  'Eli',
  'Eric',
  'Ethan',
  'Evan',
  'Gabriel',
  'Greg',
  'Hector',
  'Isaac',
  'Jalen',
  'James',
  'Jason',
  'Javier',
  'Jeremy',
  'Jordan',
  'Jose',
  'Josh',
  'Julian',
  'Justin',
  'Kenji',
  'Kevin',
  'Kyle',
  'Lamar',
  'Luis',
  'Malik',
  'Marcus',
  'Mario',
  'Matt',
  'Miguel',
  'Mike',
  'Nathan',
  'Nick',
  'Omar',
  'Oscar',
  'Patrick',
  'Paul',
  'Quinn',
  'Ray',
  'Ricky',
  'Ryan',
  'Sam',
  'Sean',
  'Steve',
  'Terrence',
  'Tony',
  'Tre',
  'Tyler',
  'Victor',
  'Vinh',
  'Will',
  'Xavier',
  'Zach',
]
export const LAST_NAMES = [
  'Adams',
  'Alvarez',
  'Baker',
  'Brooks',
  'Bryant',
  'Campbell',
  'Castillo',
  'Chen',
  'Coleman',
  'Cruz',
  'Davis',
  'Diaz',
  'Edwards',
  'Evans',
  'Flores',
  'Foster',
  'Garcia',
  'Gomez',
  'Gonzalez',
  'Green',
  'Hall',
  'Harris',
  'Hayes',
  'Hernandez',
  'Hill',
  'Huang',
  'Jackson',
  'Jenkins',
  'Johnson',
  'Kim',
  'King',
  'Lee',
  'Lewis',
  'Lopez',
  'Martin',
  'Martinez',
  'Mitchell',
  'Morales',
  'Murphy',
  'Nguyen',
  'Ortiz',
  'Park',
  'Patel',
  'Perez',
  'Phillips',
  'Ramirez',
  'Reed',
  'Reyes',
  'Rivera',
  'Robinson',
  'Rodriguez',
  'Ross',
  'Sanchez',
  'Scott',
  'Silva',
  'Tanaka',
  'Taylor',
  'Thomas',
  'Torres',
  'Tran',
  'Turner',
  'Walker',
  'Washington',
  'Watson',
  'White',
  'Williams',
  'Wilson',
  'Wright',
  'Young',
]
export const TEAM_NAMES = [
  'Ballers',
  'Net Rippers',
  'Splash Brothers',
  'Run & Gun',
  'Dime Droppers',
  'Glass Cleaners',
  'Fast Break',
  'Full Court Press',
  'Buckets',
  'Hoop Dreams',
  'Pick & Roll',
  'Backdoor Cutters',
  'The Swish',
  'Rim Rockers',
  'And One',
  'Board Men',
  'Coastline',
  'Harbor Hoopers',
  'Sunset Shooters',
  'Pier Pressure',
  'Orange Crush',
  'Santa Ana Winds',
  'Canyon Kings',
  'Bay Bombers',
  'Late Bloomers',
  'Old School',
  'Triple Threat',
  'Zone Busters',
  'Shot Clock',
  'Tip Off',
  'Posterizers',
  'Iron Five',
  'Nothing But Net',
  'Paint Beasts',
  'Airballers',
  'Buzzer Beaters',
  'Second Chance',
  'The Outlet',
  'Jump Ball',
  'Baseline',
  'Alley Oops',
  'Free Throw Line',
  'Crossover',
  'Overtime',
  'Hardwood Heroes',
  'Sixth Man',
  'Fadeaways',
  'High Post',
]

// ---------------------------------------------------------------------------------------------
// Organizations and their leagues

type WeekPlan = { kind: 'played' } | { kind: 'scheduled' } | { kind: 'off'; reason: string }
const P: WeekPlan = { kind: 'played' }
const S: WeekPlan = { kind: 'scheduled' }
const off = (reason = 'Off Week'): WeekPlan => ({ kind: 'off', reason })

type LeaguePlan = {
  name: string
  location: string
  teamCount: number
  /** Date of week 0 (yyyy-MM-dd, local); week i falls 7·i days later. */
  firstDate: string
  weeks: WeekPlan[]
  /** Time slots of one night, earliest first. */
  slots: string[]
  /** Split this league's teams over the season's divisions (first half, second half). */
  divisions?: [string, string]
}
type SeasonPlan = { name: string; startDate: string; finishDate: string; active: boolean; leagues: LeaguePlan[] }
type OrgPlan = {
  id: number
  name: string
  slug: string
  theme: 'light' | 'dark'
  navigation: 'full' | 'small'
  homeVariant: 'history' | 'stat_leaders' | 'empty'
  social?: { facebook: string; instagram: string; youtube: string }
  /** Seasons, oldest first. Leagues with the same name are the same league across seasons. */
  seasons: SeasonPlan[]
  divisions?: string[]
}

const NIGHT = ['18:00', '19:00', '20:00', '21:00']

// docs/reference/public-site.md §2.9: the main league's venues. Fall 2025 dates cross the end of daylight saving time
// (Sunday 2 November 2025), so game instants use both -07:00 and -08:00.
const OCBL_FALL: LeaguePlan[] = [
  {
    name: 'Fountain Valley Monday',
    location: 'Fountain Valley Recreation Center',
    teamCount: 8,
    firstDate: '2025-10-27',
    weeks: [P, P, off('Veterans Day'), P, S],
    slots: NIGHT,
  },
  {
    name: 'Tustin Columbus Wednesday',
    location: 'Columbus Tustin Gymnasium',
    teamCount: 7,
    firstDate: '2025-10-29',
    weeks: [P, P, P, S, off('Thanksgiving')],
    slots: NIGHT,
  },
  {
    name: 'Irvine Valley College Sunday',
    location: 'Irvine Valley College Gymnasium',
    teamCount: 8,
    firstDate: '2025-10-26',
    weeks: [P, P, P, off(), S],
    slots: NIGHT,
    divisions: ['Gold Division', 'Silver Division'],
  },
  {
    name: 'Huntington Beach Thursday',
    location: 'Huntington Beach Sports Complex',
    teamCount: 6,
    firstDate: '2025-10-30',
    weeks: [P, P, P, S, off('Thanksgiving')],
    slots: ['19:00', '20:00', '21:00'],
  },
]
const OCBL_SUMMER: LeaguePlan[] = [
  {
    name: 'Fountain Valley Monday',
    location: 'Fountain Valley Recreation Center',
    teamCount: 8,
    firstDate: '2025-06-09',
    weeks: [P, P],
    slots: NIGHT,
  },
  {
    name: 'Tustin Columbus Wednesday',
    location: 'Columbus Tustin Gymnasium',
    teamCount: 7,
    firstDate: '2025-06-11',
    weeks: [P, P],
    slots: NIGHT,
  },
  {
    name: 'Irvine Valley College Sunday',
    location: 'Irvine Valley College Gymnasium',
    teamCount: 8,
    firstDate: '2025-06-08',
    weeks: [P, P],
    slots: NIGHT,
  },
  {
    name: 'Huntington Beach Thursday',
    location: 'Huntington Beach Sports Complex',
    teamCount: 6,
    firstDate: '2025-06-12',
    weeks: [P, P],
    slots: ['19:00', '20:00', '21:00'],
  },
]

const ORGS: OrgPlan[] = [
  {
    id: 1,
    name: 'Orange County Basketball League',
    slug: 'ocbl',
    theme: 'dark',
    navigation: 'full',
    homeVariant: 'history',
    social: {
      facebook: 'https://www.facebook.com/ocblhoops',
      instagram: 'https://www.instagram.com/ocblhoops',
      youtube: 'https://www.youtube.com/@ocblhoops',
    },
    seasons: [
      { name: 'Summer 2025', startDate: '2025-06-08', finishDate: '2025-08-24', active: false, leagues: OCBL_SUMMER },
      { name: 'Fall 2025', startDate: '2025-10-26', finishDate: '2025-12-21', active: true, leagues: OCBL_FALL },
    ],
  },
  // Id 2 is the platform's own organization: docs/reference/public-site.md §9 leaves organization 2 out of the public
  // listing, and so does is_platform — both rules then agree.
  { id: 2, name: 'Courtside', slug: 'platform', theme: 'light', navigation: 'small', homeVariant: 'empty', seasons: [] },
  {
    id: 3,
    name: 'Eastside Basketball League',
    slug: 'demo-east',
    theme: 'light',
    navigation: 'full',
    homeVariant: 'stat_leaders',
    seasons: [
      {
        name: 'Fall 2025',
        startDate: '2025-10-27',
        finishDate: '2025-12-18',
        active: true,
        leagues: [
          {
            name: 'Monday Night Open',
            location: 'Eastside Community Center',
            teamCount: 7,
            firstDate: '2025-10-27',
            weeks: [P, P, P, off(), S],
            slots: NIGHT,
          },
          {
            name: 'Thursday Night Rec',
            location: 'Eastside Community Center',
            teamCount: 6,
            firstDate: '2025-10-30',
            weeks: [P, P, P, S, off('Thanksgiving')],
            slots: ['19:00', '20:00', '21:00'],
          },
        ],
      },
    ],
  },
  {
    id: 4,
    name: 'Westside Hoops',
    slug: 'demo-west',
    theme: 'light',
    navigation: 'small',
    homeVariant: 'stat_leaders',
    seasons: [
      {
        name: 'Fall 2025',
        startDate: '2025-10-28',
        finishDate: '2025-12-20',
        active: true,
        leagues: [
          {
            name: "Tuesday Men's League",
            location: 'Westside Recreation Gym',
            teamCount: 8,
            firstDate: '2025-10-28',
            weeks: [P, P, P, off(), S],
            slots: NIGHT,
          },
          {
            name: 'Saturday Co-Ed',
            location: 'Westside Recreation Gym',
            teamCount: 7,
            firstDate: '2025-11-01',
            weeks: [P, P, off(), P, S],
            slots: ['18:00', '19:00', '20:00'],
          },
        ],
      },
    ],
  },
  { id: 5, name: 'Pickup Hoops', slug: 'pickup', theme: 'light', navigation: 'small', homeVariant: 'empty', seasons: [] },
]
const PLATFORM_ORG_ID = 2

/** Which database holds which demo organization, by slug; an organization not named lives on `DB`. */
export type Placement = Record<string, string>

/**
 * `npm start`'s demo across its three local databases (docs/decisions/2026-11-29-demo-across-databases.md):
 * the main league, the platform and demo-west on `DB`, demo-east on `DB_2`, pickup on `DB_3`.
 */
export const DEMO_PLACEMENT: Placement = { 'demo-east': 'DB_2', pickup: 'DB_3' }

/** Where a database's ids start (worker/db/id-ranges.ts), for the organization whose id it handed out. */
const rangeOf = (id: number) => Math.floor(id / ID_RANGE) * ID_RANGE
/** The binding whose id range holds `id`: DB below 10^12, DB_<n> from n × 10^12. */
export const bindingOfId = (id: number) => (id < ID_RANGE ? 'DB' : `DB_${Math.floor(id / ID_RANGE)}`)

/** The demo organizations with the ids their databases give them (`planId`: the plan's own, for the PRNG). */
function placedOrgs(placement: Placement) {
  return ORGS.map((org) => ({ ...org, planId: org.id, id: idRangeStart(placement[org.slug] ?? 'DB') + org.id }))
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/** mulberry32: a tiny deterministic PRNG (no Math.random in seed data). */
export function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items]
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[out[i], out[j]] = [out[j], out[i]]
    }
    return out
  }
  const binomial = (n: number, p: number) => {
    let k = 0
    for (let i = 0; i < n; i++) if (next() < p) k++
    return k
  }
  return { next, int, pick, shuffle, binomial }
}
export type Rng = ReturnType<typeof prng>

type SqlValue = string | number | boolean | null | undefined
function sqlValue(value: SqlValue): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
    return String(value)
  }
  if (value.includes('\0')) throw new Error('NUL in a seed string')
  return `'${value.replaceAll("'", "''")}'`
}

// Parents before children, so every foreign key points at a row that already exists.
const TABLE_ORDER = [
  'sports',
  'organizations',
  'users',
  'user_sports',
  'organization_sports',
  'stat_definitions',
  'game_periods',
  'player_attributes',
  'seasons',
  'leagues',
  'seasons_leagues',
  'divisions',
  'players',
  'player_attribute_values',
  'teams',
  'seasons_leagues_teams',
  'rosters',
  'games',
  'period_scores',
  'player_game_stats',
  'byes',
  'week_offs',
  'site_pages',
  'org_directory',
]

/** Collects rows per table and renders multi-row INSERTs in TABLE_ORDER. */
class SqlScript {
  private tables = new Map<string, { columns: string[]; rows: string[] }>()

  add(table: string, row: Record<string, SqlValue>) {
    const columns = Object.keys(row)
    let entry = this.tables.get(table)
    if (!entry) {
      entry = { columns, rows: [] }
      this.tables.set(table, entry)
    } else if (entry.columns.join(',') !== columns.join(',')) {
      throw new Error(`inconsistent columns for ${table}: ${columns.join(',')}`)
    }
    entry.rows.push(`(${columns.map((c) => sqlValue(row[c])).join(', ')})`)
  }

  count(table: string) {
    return this.tables.get(table)?.rows.length ?? 0
  }

  render(rowsPerStatement = 200): string {
    const out = ['-- Courtside demo data, generated by scripts/seed-data.ts. Do not edit by hand.', 'PRAGMA foreign_keys = ON;']
    const unknown = [...this.tables.keys()].filter((t) => !TABLE_ORDER.includes(t))
    if (unknown.length > 0) throw new Error(`no insert order for ${unknown.join(', ')}`)
    for (const table of TABLE_ORDER) {
      const entry = this.tables.get(table)
      if (!entry) continue
      const { columns, rows } = entry
      const head = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES`
      for (let i = 0; i < rows.length; i += rowsPerStatement) {
        out.push(`${head}\n${rows.slice(i, i + rowsPerStatement).join(',\n')};`)
      }
    }
    return `${out.join('\n')}\n`
  }
}

/** One SqlScript per database: a row goes to the database whose id range holds its organization; sports to every one. */
class PlacedScripts {
  private scripts = new Map<string, SqlScript>([['DB', new SqlScript()]])
  private sports: Record<string, SqlValue>[] = []

  add(table: string, row: Record<string, SqlValue>) {
    if (table === 'sports') {
      this.sports.push(row)
      return
    }
    const owner = table === 'organizations' ? row.id : table === 'user_sports' ? row.user_id : row.organization_id
    // The directory lives in DB whichever database the organization is on.
    const binding = table === 'org_directory' ? 'DB' : bindingOfId(Number(owner))
    let script = this.scripts.get(binding)
    if (!script) {
      script = new SqlScript()
      this.scripts.set(binding, script)
    }
    script.add(table, row)
  }

  render(): Map<string, string> {
    const out = new Map<string, string>()
    for (const [binding, script] of this.scripts) {
      for (const row of this.sports) script.add('sports', row)
      out.set(binding, script.render())
    }
    return out
  }
}

/** Adds days to a yyyy-MM-dd date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

const laParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})
/** Offset of Los Angeles wall-clock time from UTC at the given instant, in ms (e.g. -7 h in PDT). */
function laOffsetMs(instantMs: number): number {
  const parts = Object.fromEntries(laParts.formatToParts(new Date(instantMs)).map((p) => [p.type, p.value]))
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second)
  return wall - Math.floor(instantMs / 1000) * 1000
}
/** The UTC instant (ISO-8601) of a local America/Los_Angeles date and HH:mm time. */
export function losAngelesInstant(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number)
  const [hh, mm] = time.split(':').map(Number)
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm)
  // Two passes: the offset at the first guess may differ from the offset at the answer near a
  // DST change; game times (18:00–21:00) are never in the skipped or repeated hour.
  let instant = wallAsUtc - laOffsetMs(wallAsUtc)
  instant = wallAsUtc - laOffsetMs(instant)
  return new Date(instant).toISOString()
}

/** Circle-method round robin: rounds of [home, away] pairs; with an odd count one team sits out (null). */
export function roundRobin<T>(items: T[]): { pairs: [T, T][]; bye: T | null }[] {
  const ring: (T | null)[] = items.length % 2 === 1 ? [...items, null] : [...items]
  const n = ring.length
  const rounds: { pairs: [T, T][]; bye: T | null }[] = []
  for (let r = 0; r < n - 1; r++) {
    const pairs: [T, T][] = []
    let bye: T | null = null
    for (let i = 0; i < n / 2; i++) {
      const a = ring[i]
      const b = ring[n - 1 - i]
      if (a === null || b === null) {
        bye = a ?? b
        continue
      }
      // Alternate home and away so no team is always home.
      pairs.push((r + i) % 2 === 0 ? [a, b] : [b, a])
    }
    rounds.push({ pairs, bye })
    // Keep ring[0] fixed, rotate the rest one place.
    ring.splice(1, 0, ring.pop() as T | null)
  }
  return rounds
}

// ---------------------------------------------------------------------------------------------
// Box scores

export type Line = Record<
  'PTS' | 'AST' | 'REB' | 'STL' | 'BLK' | 'TO' | 'FGM' | 'FGA' | 'FTM' | 'FTA' | '2PM' | '2PA' | '3PM' | '3PA',
  number
>
export type RosterPlayer = { id: number; skill: number; shooter: boolean; big: boolean }

/** One player's line; `share` scales shot attempts so short and long rosters score alike. */
export function playerLine(rng: Rng, player: RosterPlayer, share: number): Line {
  const twoPa = Math.round(rng.int(3, 10) * player.skill * share)
  const twoPm = rng.binomial(twoPa, 0.42 + 0.1 * (player.skill - 1))
  const threePa = Math.round((player.shooter ? rng.int(2, 7) : rng.int(0, 2)) * share)
  const threePm = rng.binomial(threePa, player.shooter ? 0.36 : 0.25)
  const fta = Math.round(rng.int(0, 5) * share)
  const ftm = rng.binomial(fta, 0.7)
  return {
    PTS: 2 * twoPm + 3 * threePm + ftm,
    AST: rng.int(0, player.big ? 3 : 7),
    REB: rng.int(player.big ? 4 : 0, player.big ? 13 : 6),
    STL: rng.int(0, 3),
    BLK: player.big ? rng.int(0, 4) : rng.int(0, 1),
    TO: rng.int(0, 4),
    FGM: twoPm + threePm,
    FGA: twoPa + threePa,
    FTM: ftm,
    FTA: fta,
    '2PM': twoPm,
    '2PA': twoPa,
    '3PM': threePm,
    '3PA': threePa,
  }
}

/** Splits a final score into four quarters that add up to it. */
export function quarters(rng: Rng, total: number): number[] {
  const weights = [0, 1, 2, 3].map(() => 0.75 + 0.5 * rng.next())
  const sum = weights.reduce((a, b) => a + b, 0)
  const q = weights.map((w) => Math.floor((total * w) / sum))
  let rest = total - q.reduce((a, b) => a + b, 0)
  while (rest-- > 0) q[rng.int(0, 3)]++
  return q
}

// ---------------------------------------------------------------------------------------------
// The script

export async function buildSeedSql(options: SeedOptions): Promise<string> {
  return (await buildSeedScripts(options)).get('DB') as string
}

/**
 * The demo data as one SQL script per database (docs/scaling.md "Past one database"): each
 * organization's rows, under its database's ids, in the script of the binding `placement` names
 * for its slug (`DB` when it names none); the sports in every script; the directory rows and the
 * demo members in `DB`'s. With a placement, every organization gets its directory row.
 */
export async function buildSeedScripts(options: SeedOptions & { placement?: Placement }): Promise<Map<string, string>> {
  if (!options.superadminPassword) throw new Error('superadminPassword is required')
  const placement = options.placement ?? {}
  const sql = new PlacedScripts()
  const ids = new Map<string, number>()
  // Each database hands out ids from its own range (worker/db/id-ranges.ts): the organization's.
  const nextId = (table: string, organizationId: number) => {
    const start = rangeOf(organizationId)
    const key = `${table}@${start}`
    const id = (ids.get(key) ?? 0) + 1
    ids.set(key, id)
    return start + id
  }
  const ORGS = placedOrgs(placement)

  for (const sport of SPORTS) sql.add('sports', { id: sport.id, name: sport.name, type: sport.type })

  for (const org of ORGS) {
    sql.add('organizations', {
      id: org.id,
      name: org.name,
      slug: org.slug,
      domain: null,
      theme: org.theme,
      facebook_url: org.social?.facebook ?? null,
      instagram_url: org.social?.instagram ?? null,
      youtube_url: org.social?.youtube ?? null,
      navigation: org.navigation,
      home_variant: org.homeVariant,
      is_platform: org.id === PLATFORM_ORG_ID,
    })
  }

  // Users. Hashing is the slow part (PBKDF2, 100,000 iterations): run the hashes side by side.
  const superadminHash = hashPassword(options.superadminPassword)
  const tenantUsers = ORGS.filter((o) => o.id !== PLATFORM_ORG_ID).flatMap((org) =>
    [SEED_ACCOUNTS.owner, SEED_ACCOUNTS.staff].map((account) => ({ org, account, hash: hashPassword(account.password) })),
  )
  sql.add('users', {
    id: nextId('users', PLATFORM_ORG_ID),
    organization_id: PLATFORM_ORG_ID,
    username: SEED_ACCOUNTS.superadmin.username,
    email: 'superadmin@courtside.example',
    password_hash: await superadminHash,
    role: 'super_admin',
  })
  const userSports: { user_id: number; sport_id: number }[] = []
  for (const { org, account, hash } of tenantUsers) {
    const id = nextId('users', org.id)
    sql.add('users', {
      id,
      organization_id: org.id,
      username: account.username,
      email: `${account.username}@${org.slug}.example`,
      password_hash: await hash,
      role: account.role,
    })
    userSports.push({ user_id: id, sport_id: BASKETBALL })
  }
  for (const row of userSports) sql.add('user_sports', row)

  // Every organization with basketball gets the sport's defaults (stats, periods, attributes).
  const statIds = new Map<number, Map<string, number>>()
  const periodIds = new Map<number, Map<string, number>>()
  const attributeIds = new Map<number, { number: number; position: number }>()
  for (const org of ORGS) {
    if (org.id === PLATFORM_ORG_ID) continue
    sql.add('organization_sports', { organization_id: org.id, sport_id: BASKETBALL })
  }
  for (const org of ORGS) {
    if (org.id === PLATFORM_ORG_ID) continue
    const stats = new Map<string, number>()
    BASKETBALL_STATS.forEach(({ abbreviation, name }, order) => {
      const id = nextId('stat_definitions', org.id)
      stats.set(abbreviation, id)
      sql.add('stat_definitions', {
        id,
        organization_id: org.id,
        sport_id: BASKETBALL,
        name,
        abbreviation,
        order,
        is_visible: true,
      })
    })
    statIds.set(org.id, stats)
    const periods = new Map<string, number>()
    BASKETBALL_PERIODS.forEach((name, order) => {
      const id = nextId('game_periods', org.id)
      periods.set(name, id)
      sql.add('game_periods', { id, organization_id: org.id, sport_id: BASKETBALL, name, order, hidden: false })
    })
    periodIds.set(org.id, periods)
    const attributeByName = new Map<string, number>()
    defaultPlayerAttributes.forEach((attribute, order) => {
      const id = nextId('player_attributes', org.id)
      attributeByName.set(attribute.attributeName, id)
      sql.add('player_attributes', {
        id,
        organization_id: org.id,
        attribute_name: attribute.attributeName,
        attribute_type: attribute.attributeType,
        is_visible: true,
        order,
      })
    })
    const numberAttr = attributeByName.get('Number')
    const positionAttr = attributeByName.get('Position')
    if (!numberAttr || !positionAttr) throw new Error('player attribute defaults lack Number or Position')
    attributeIds.set(org.id, { number: numberAttr, position: positionAttr })
  }

  // League data, organization by organization.
  for (const org of ORGS) {
    if (org.seasons.length === 0) continue
    const rng = prng(0xc0de + org.planId * 7919)
    const stats = statIds.get(org.id)!
    const periods = periodIds.get(org.id)!
    const attrs = attributeIds.get(org.id)!
    const teamNames = rng.shuffle(TEAM_NAMES)
    const usedNames = new Set<string>()
    const newPlayerName = () => {
      for (;;) {
        const first = rng.pick(FIRST_NAMES)
        const last = rng.pick(LAST_NAMES)
        if (!usedNames.has(`${first} ${last}`)) {
          usedNames.add(`${first} ${last}`)
          return { first, last }
        }
      }
    }

    // Leagues and teams are shared by the seasons that name them; players stay with their team
    // (the newest season adds one or two recruits per team).
    type TeamState = { id: number; name: string; roster: RosterPlayer[]; captainId: number }
    const leagues = new Map<string, { id: number; teams: TeamState[] }>()
    const players: RosterPlayer[] = []
    const addPlayer = (number: number): RosterPlayer => {
      const id = nextId('players', org.id)
      const name = newPlayerName()
      const position = rng.pick(POSITIONS)
      const player = {
        id,
        skill: 0.7 + 0.6 * rng.next(),
        shooter: position === 'SG' || rng.next() < 0.35,
        big: position === 'PF' || position === 'C',
      }
      players.push(player)
      sql.add('players', { id, organization_id: org.id, first_name: name.first, last_name: name.last })
      sql.add('player_attribute_values', {
        id: nextId('player_attribute_values', org.id),
        organization_id: org.id,
        player_id: id,
        attribute_id: attrs.number,
        value: String(number),
      })
      sql.add('player_attribute_values', {
        id: nextId('player_attribute_values', org.id),
        organization_id: org.id,
        player_id: id,
        attribute_id: attrs.position,
        value: position,
      })
      return player
    }

    const seasonIds: number[] = []
    for (const season of org.seasons) {
      const seasonId = nextId('seasons', org.id)
      seasonIds.push(seasonId)
      sql.add('seasons', {
        id: seasonId,
        organization_id: org.id,
        sport_id: BASKETBALL,
        name: season.name,
        start_date: season.startDate,
        finish_date: season.finishDate,
        active: season.active,
      })
    }

    // Divisions of a season, by name.
    const divisionIds = new Map<string, number>()

    org.seasons.forEach((season, seasonIndex) => {
      const seasonId = seasonIds[seasonIndex]
      const isNewest = seasonIndex === org.seasons.length - 1
      season.leagues.forEach((plan, leaguePosition) => {
        // League and its teams (created on first use; teams.league_id files them under it).
        let league = leagues.get(plan.name)
        if (!league) {
          const leagueId = nextId('leagues', org.id)
          sql.add('leagues', { id: leagueId, organization_id: org.id, name: plan.name })
          league = { id: leagueId, teams: [] }
          leagues.set(plan.name, league)
        }
        const seasonsLeagueId = nextId('seasons_leagues', org.id)
        sql.add('seasons_leagues', {
          id: seasonsLeagueId,
          organization_id: org.id,
          season_id: seasonId,
          league_id: league.id,
          position: leaguePosition + 1,
        })

        const firstSeasonOfLeague = league.teams.length === 0
        if (firstSeasonOfLeague) {
          for (let t = 0; t < plan.teamCount; t++) {
            const numbers = rng.shuffle(JERSEY_NUMBERS)
            const size = rng.int(5, isNewest ? 8 : 7)
            const roster = Array.from({ length: size }, (_, i) => addPlayer(numbers[i]))
            league.teams.push({ id: 0, name: teamNames.pop() as string, roster, captainId: rng.pick(roster).id })
          }
          for (const team of league.teams) {
            team.id = nextId('teams', org.id)
            sql.add('teams', {
              id: team.id,
              organization_id: org.id,
              name: team.name,
              league_id: league.id,
              captain_id: team.captainId,
              unavailable_slots: '[]',
            })
          }
        } else if (isNewest) {
          // Returning teams pick up a recruit when they have room.
          for (const team of league.teams) {
            if (team.roster.length < 8 && rng.next() < 0.6)
              team.roster.push(addPlayer(rng.pick([6, 9, 16, 17, 18, 19, 26, 27, 31, 40])))
          }
        }

        // Divisions of this league's teams in this season (first half / second half).
        const divisionOf = (teamIndex: number): number | null => {
          if (!plan.divisions) return null
          const name = plan.divisions[teamIndex < league.teams.length / 2 ? 0 : 1]
          const key = `${seasonId}:${name}`
          let id = divisionIds.get(key)
          if (id === undefined) {
            id = nextId('divisions', org.id)
            divisionIds.set(key, id)
            sql.add('divisions', { id, organization_id: org.id, season_id: seasonId, name, position: divisionIds.size })
          }
          return id
        }

        league.teams.forEach((team, index) => {
          const sltId = nextId('seasons_leagues_teams', org.id)
          const divisionId = divisionOf(index)
          const half = Math.ceil(league.teams.length / 2)
          sql.add('seasons_leagues_teams', {
            id: sltId,
            organization_id: org.id,
            seasons_league_id: seasonsLeagueId,
            team_id: team.id,
            division_id: divisionId,
            position: divisionId === null ? index + 1 : (index % half) + 1,
          })
          for (const player of team.roster) {
            sql.add('rosters', {
              id: nextId('rosters', org.id),
              organization_id: org.id,
              player_id: player.id,
              team_id: team.id,
              seasons_league_team_id: sltId,
            })
          }
        })

        // Games: a fresh round-robin order per season so the pairings differ between seasons.
        const rounds = roundRobin(rng.shuffle(league.teams))
        let round = 0
        plan.weeks.forEach((week, weekIndex) => {
          const date = addDays(plan.firstDate, 7 * weekIndex)
          if (week.kind === 'off') {
            sql.add('week_offs', {
              id: nextId('week_offs', org.id),
              organization_id: org.id,
              season_id: seasonId,
              league_id: league.id,
              seasons_leagues_id: seasonsLeagueId,
              date,
              reason: week.reason,
            })
            return
          }
          const { pairs, bye } = rounds[round % rounds.length]
          // Rotate the slots week by week so nobody is stuck with the late game.
          const slotShift = round
          round++
          if (bye) {
            sql.add('byes', {
              id: nextId('byes', org.id),
              organization_id: org.id,
              season_id: seasonId,
              league_id: league.id,
              date,
              team_id: bye.id,
            })
          }
          pairs.forEach(([home, away], i) => {
            const time = plan.slots[(i + slotShift) % plan.slots.length]
            const gameId = nextId('games', org.id)
            const played = week.kind === 'played'
            let homeLines: Line[] = []
            let awayLines: Line[] = []
            let homeScore = 0
            let awayScore = 0
            if (played) {
              homeLines = home.roster.map((p) => playerLine(rng, p, 6 / home.roster.length))
              awayLines = away.roster.map((p) => playerLine(rng, p, 6 / away.roster.length))
              homeScore = homeLines.reduce((s, l) => s + l.PTS, 0)
              awayScore = awayLines.reduce((s, l) => s + l.PTS, 0)
              // No ties in basketball: the home side hits one more free throw.
              if (homeScore === awayScore) {
                const line = homeLines[rng.int(0, homeLines.length - 1)]
                line.FTA++
                line.FTM++
                line.PTS++
                homeScore++
              }
            }
            sql.add('games', {
              id: gameId,
              organization_id: org.id,
              season_id: seasonId,
              league_id: league.id,
              seasons_league_id: seasonsLeagueId,
              week_index: weekIndex,
              team1_id: home.id,
              team2_id: away.id,
              date,
              time,
              game_date_time: losAngelesInstant(date, time),
              location: plan.location,
              status: played ? 'completed' : 'scheduled',
              score_team1: homeScore,
              score_team2: awayScore,
            })
            if (!played) return
            for (const [team, score] of [
              [home, homeScore],
              [away, awayScore],
            ] as const) {
              const q = quarters(rng, score)
              const byPeriod: Record<string, number> = {
                '1st Quarter': q[0],
                '2nd Quarter': q[1],
                '3rd Quarter': q[2],
                '4th Quarter': q[3],
                Overtime: 0,
                Final: score,
              }
              for (const name of BASKETBALL_PERIODS) {
                sql.add('period_scores', {
                  id: nextId('period_scores', org.id),
                  organization_id: org.id,
                  game_id: gameId,
                  game_period_id: periods.get(name)!,
                  team_id: team.id,
                  score: byPeriod[name] ?? 0,
                })
              }
            }
            for (const [team, lines] of [
              [home, homeLines],
              [away, awayLines],
            ] as const) {
              team.roster.forEach((player, i) => {
                const line = lines[i]
                for (const { abbreviation } of BASKETBALL_STATS) {
                  // Percentages are derived from made and attempted (docs/reference/league-admin.md §5): stored as 0.
                  const value = abbreviation in line ? line[abbreviation as keyof Line] : 0
                  sql.add('player_game_stats', {
                    id: nextId('player_game_stats', org.id),
                    organization_id: org.id,
                    game_id: gameId,
                    player_id: player.id,
                    team_id: team.id,
                    stat_id: stats.get(abbreviation)!,
                    value,
                  })
                }
              })
            }
          })
        })
      })
    })
  }

  // The main league's content pages.
  for (const [pageKey, content] of Object.entries(ocblSiteContent)) {
    sql.add('site_pages', {
      id: nextId('site_pages', 1),
      organization_id: 1,
      page_key: pageKey,
      content: JSON.stringify(content),
    })
  }

  if (options.placement) {
    for (const org of ORGS) {
      sql.add('org_directory', { organization_id: org.id, slug: org.slug, domain: null, binding: bindingOfId(org.id) })
    }
  }
  const scripts = sql.render()
  scripts.set('DB', (scripts.get('DB') ?? '') + DEMO_MEMBERS)
  return scripts
}

/**
 * Demo member sign-ins (docs/members.md): the main league's first team of its active season gets a
 * captain with the e-mail captain@ocbl.example and a player with player@ocbl.example. They sign in
 * at /ocbl/member/sign-in; the link arrives as an .eml file (README "Run it").
 */
export const DEMO_MEMBER_EMAILS = { captain: 'captain@ocbl.example', player: 'player@ocbl.example' }
const FIRST_TEAM_ROSTER = `SELECT r.id, r.player_id FROM rosters r
  JOIN seasons_leagues_teams slt ON slt.id = r.seasons_league_team_id
  JOIN seasons_leagues sl ON sl.id = slt.seasons_league_id
  JOIN seasons s ON s.id = sl.season_id
  WHERE s.organization_id = 1 AND s.active = 1
  AND slt.id = (SELECT min(slt2.id) FROM seasons_leagues_teams slt2 JOIN seasons_leagues sl2 ON sl2.id = slt2.seasons_league_id JOIN seasons s2 ON s2.id = sl2.season_id WHERE s2.organization_id = 1 AND s2.active = 1)
  ORDER BY r.id`
const DEMO_MEMBERS = `
UPDATE players SET email = '${DEMO_MEMBER_EMAILS.captain}' WHERE id = (SELECT player_id FROM (${FIRST_TEAM_ROSTER}) LIMIT 1);
UPDATE players SET email = '${DEMO_MEMBER_EMAILS.player}' WHERE id = (SELECT player_id FROM (${FIRST_TEAM_ROSTER}) LIMIT 1 OFFSET 1);
UPDATE rosters SET captain = 1 WHERE id = (SELECT id FROM (${FIRST_TEAM_ROSTER}) LIMIT 1);
`
