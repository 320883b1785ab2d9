// Answers of the records calls: the leader boards, the record book and a team's history
// (docs/records.md, docs/reference/public-site.md §3).
import { z } from 'zod'
import { day, imageUrl, named, rowId, version } from './common'
import { versionField } from './fields'

// ---------------------------------------------------------------- leader boards

/** A player of a leader board, with their picture. */
const leader = z.object({ id: rowId, firstName: z.string(), lastName: z.string(), image: imageUrl })
/** A leader board's line: the player and their active-season total under `key`. */
const leaderWith = <K extends string>(key: K) => leader.extend({ [key]: z.number() } as Record<K, z.ZodNumber>)

export const pointsLeader = leaderWith('totalPoints')
export type PointsLeader = z.output<typeof pointsLeader>
export const threesLeader = leaderWith('totalThrees')
export type ThreesLeader = z.output<typeof threesLeader>

/** A team of the active season's wins board. */
export const teamWinsLine = z.object({
  teamId: rowId,
  name: z.string(),
  wins: z.number().int(),
  losses: z.number().int(),
  /** The league's name. */
  league: z.string(),
})
export type TeamWinsLine = z.output<typeof teamWinsLine>

export const pointsBoard = z.object({ records: z.array(pointsLeader) })
export const threesBoard = z.object({ records: z.array(threesLeader) })
export const teamWinsBoard = z.object({ records: z.array(teamWinsLine) })

/** GET /stat-leaders: the active season's top 3 in points, threes, rebounds and assists. */
export const statLeaders = z.object({
  points: z.array(leaderWith('pts')),
  threes: z.array(leaderWith('three_pm')),
  rebounds: z.array(leaderWith('reb')),
  assists: z.array(leaderWith('ast')),
})
export type StatLeaders = z.output<typeof statLeaders>

// ---------------------------------------------------------------- record book

const person = z.object({ id: rowId, firstName: z.string(), lastName: z.string() })

/** One line of a record list; which of the optional fields it has depends on the list. */
export const recordEntry = z.object({
  /** 1 + how many entries have a higher value: tied entries share it. */
  rank: z.number().int().positive(),
  tied: z.boolean(),
  value: z.number(),
  player: person,
  games: z.number().int().optional(),
  total: z.number().optional(),
  attempts: z.number().optional(),
  /** Single game: the game, the player's team and the opponent. */
  game: z.object({ id: rowId, date: day.nullable(), team: named, opponent: named }).optional(),
  season: named.optional(),
  /** Single season and season rate: the league (null in no league). */
  league: named.nullable().optional(),
})
export type RecordEntry = z.output<typeof recordEntry>

export const recordList = z.object({
  entries: z.array(recordEntry),
  /** More entries tie at the last place than the list shows. */
  truncated: z.boolean(),
})
export type RecordList = z.output<typeof recordList>

const seasonOfBook = z.object({ id: rowId, name: z.string(), startDate: day.nullable() })

/** The record book of one stat (docs/records.md "What the record book lists"). */
export const recordBook = z.object({
  /** The visible stats to choose from. */
  stats: z.array(z.object({ id: rowId, name: z.string(), abbreviation: z.string() })),
  seasons: z.array(seasonOfBook),
  leagues: z.array(named),
  /** The stat shown (null: the organization has none). */
  statId: rowId.nullable(),
  qualification: z.object({ minGames: z.number().int(), minAttempts: z.number().int() }),
  singleGame: recordList,
  singleSeason: recordList,
  career: recordList,
  seasonRate: recordList,
  careerRate: recordList,
})
export type RecordBook = z.output<typeof recordBook>

/** GET /records/book: the book and the filters it was read with (null: not filtered). */
export const filteredRecordBook = recordBook.extend({
  filters: z.object({ leagueId: rowId.nullable(), fromSeasonId: rowId.nullable(), toSeasonId: rowId.nullable() }),
})

// ---------------------------------------------------------------- team history

const record = { wins: z.number().int(), losses: z.number().int() }

/** A team's history (docs/records.md): seasons with record and finish, head-to-head, leaders. */
export const teamHistory = z.object({
  team: named,
  allTime: z.object(record),
  seasons: z.array(
    z.object({
      season: seasonOfBook,
      league: named,
      division: z.string().nullable(),
      ...record,
      winPercentage: z.number(),
      /** Place in the league's standings; null before a decided game. */
      finish: z.number().int().nullable(),
      /** Teams in the league that season. */
      teams: z.number().int(),
    }),
  ),
  headToHead: z.array(
    named.extend({ ...record, pointsFor: z.number().int(), pointsAgainst: z.number().int(), games: z.number().int() }),
  ),
  leaders: z.array(
    z.object({
      stat: z.object({ id: rowId, abbreviation: z.string(), name: z.string() }),
      players: z.array(z.object({ rank: z.number().int(), player: person, total: z.number(), games: z.number().int() })),
    }),
  ),
})
export type TeamHistory = z.output<typeof teamHistory>

// ---------------------------------------------------------------- settings

/** The organization's record book qualification minimums. */
export const recordSettings = z.object({ minGames: z.number().int(), minAttempts: z.number().int(), version })
export type RecordSettings = z.output<typeof recordSettings>
export const oneRecordSettings = z.object({ settings: recordSettings })

const minimum = (what: string, max: number) =>
  z.coerce
    .number(`${what} must be a number`)
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be at least 1`)
    .max(max, `${what} must be at most ${max.toLocaleString('en-US')}`)

/** PUT /records/settings: the minimums (numbers or their text, as a form sends them) and the version read. */
export const recordSettingsBody = z.object({
  minGames: minimum('Minimum games', 1000),
  minAttempts: minimum('Minimum attempts', 100_000),
  version: versionField,
})
