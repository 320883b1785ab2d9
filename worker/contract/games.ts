// Answers and request bodies of the game calls (docs/reference/public-site.md §3, docs/reference/league-admin.md §3, §7).
import { z } from 'zod'
import { day, named, pageFields, rowId, version } from './common'
import { clockTime, id, isoDate, someChange, versionField } from './fields'
import { gamePeriod } from './settings'
import { rosterPerson } from './teams'
import { GAME_STATUSES } from './values'

export const gameStatus = z.enum(GAME_STATUSES)
const points = z.number().int().nonnegative()

/** A game (team1 is home, team2 away); its teams and scores are sent under both names. */
export const game = z.object({
  id: rowId,
  season_id: rowId.nullable(),
  leagueId: rowId.nullable(),
  league: z.object({ id: rowId, name: z.string().nullable() }).nullable(),
  seasons_league: z.object({ id: rowId }).nullable(),
  /** The schedule that generated it, and its night (the builder's weekIndex). */
  schedule_id: rowId.nullable(),
  week_index: z.number().int().nullable(),
  team1_id: rowId,
  team2_id: rowId,
  home_team_id: rowId,
  away_team_id: rowId,
  homeTeam: named,
  awayTeam: named,
  date: day.nullable(),
  time: z.string().nullable(),
  /** The start as an instant (ISO), from the league's local date and time. */
  game_dateTime: z.string().nullable(),
  location: z.string().nullable(),
  video_url: z.string().nullable(),
  status: gameStatus,
  score_team1: points,
  score_team2: points,
  score_home: points,
  score_away: points,
  /** A locked game is kept by schedule regeneration (docs/reference/schedule-builder.md). */
  locked: z.boolean(),
  version,
  /** Where it is played (docs/venues.md): the venue (null: none chosen, `location` alone) and its court. */
  venue: z.object({ id: rowId, name: z.string(), address: z.string().nullable(), mapUrl: z.string().nullable() }).nullable(),
  court: z.object({ id: rowId, name: z.string() }).nullable(),
})
export type Game = z.output<typeof game>

/** A player of a side's roster; `former`: no longer on it, listed for the line they recorded. */
export const gameRosterPlayer = rosterPerson.extend({ former: z.boolean().optional() })
export type GameRosterPlayer = z.output<typeof gameRosterPlayer>

export const periodScore = z.object({
  id: rowId,
  team_id: rowId,
  score: points,
  gamePeriod: gamePeriod.pick({ id: true, name: true, hidden: true }),
})
export type PeriodScore = z.output<typeof periodScore>

/** A visible stat of the game's sport, in the organization's order. */
export const statDefinition = z.object({
  id: rowId,
  name: z.string(),
  abbreviation: z.string(),
  order: z.number().int(),
  is_visible: z.literal(true),
})
export type StatDefinition = z.output<typeof statDefinition>

export const playerStatRow = z.object({ player_id: rowId, game_id: rowId, team_id: rowId, stat_id: rowId, value: points })
export type PlayerStatRow = z.output<typeof playerStatRow>

/** GET /gamesv2/{id}: everything the game pages show. */
export const gameDetail = z.object({
  game,
  homeRoster: z.array(gameRosterPlayer),
  awayRoster: z.array(gameRosterPlayer),
  periodScores: z.array(periodScore),
  gamePeriods: z.array(gamePeriod),
  allStats: z.array(statDefinition),
  playerStats: z.array(playerStatRow),
  /** Each player's box-score line version (docs/api-concurrency.md); a player without one has version 0. */
  lineVersions: z.record(z.string(), z.number().int().nonnegative()),
  /**
   * The box score's version (docs/api-concurrency.md): the sum of its line versions, 0 without a
   * line; it rises whenever any line is added, changed or emptied, and never goes back.
   */
  boxScoreVersion: z.number().int().nonnegative(),
})
export type GameDetail = z.output<typeof gameDetail>

export const gameList = z.object({ games: z.array(game) })
/** The admin list's page: a page of games, and the season it is scoped to (null: every season). */
export const gamePage = gameList.extend({ ...pageFields, seasonId: rowId.nullable() })
export const oneGame = z.object({ game })

/** The teams on bye in one league on one date. */
export const byeDate = z.object({ id: rowId, date: day, league_id: rowId, team_id: rowId, teams: z.array(named) })
export type ByeDate = z.output<typeof byeDate>

export const weekOff = z.object({ id: rowId, date: day, reason: z.string(), season_id: rowId, league_id: rowId })
export type WeekOff = z.output<typeof weekOff>
/** A week-off as the lists send it, with its season-league link. */
export const listedWeekOff = weekOff.extend({ seasons_leagues_id: rowId.nullable() })
export type ListedWeekOff = z.output<typeof listedWeekOff>
export const weekOffList = z.object({ weekOffs: z.array(listedWeekOff) })
/** A new week-off, and how many games are already on its date (they stay until the schedule is regenerated). */
export const newWeekOffAnswer = z.object({ weekOff, gamesOnDate: z.number().int().nonnegative() })

// ---- Request bodies ----

const score = z.number({ error: 'Scores are whole numbers' }).int('Scores are whole numbers').min(0).max(999)
/** Empty text is "none" (null); absent is "not given". */
export const emptyIsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullish()) as unknown as z.ZodOptional<z.ZodNullable<T>>
const location = emptyIsNull(z.string().trim().max(200))
const date = emptyIsNull(isoDate)
const time = emptyIsNull(clockTime())
/** A venue and court of the organization (docs/venues.md); null clears, absent keeps. */
const venueId = z.preprocess((v) => (v === '' ? null : v), id.nullish())
const courtId = venueId

/** POST /games. */
export const newGame = z
  .object({ season_id: id, leagueId: id, team1_id: id, team2_id: id, date, time, location, venueId, courtId })
  .refine((g) => g.team1_id !== g.team2_id, { message: 'A game needs two different teams', path: ['team2_id'] })

/** PUT /games/{id}: only what is sent changes (`version`: the copy read, docs/api-concurrency.md). */
export const gameChanges = someChange(
  z.object({
    version: versionField,
    team1_id: id.optional(),
    team2_id: id.optional(),
    date,
    time,
    location,
    venueId,
    courtId,
    status: gameStatus.optional(),
    // A locked game is kept by schedule regeneration (docs/reference/schedule-builder.md).
    locked: z.boolean().optional(),
  }),
)

/** A video link: https only (the route adds the rule that the game page can embed it). */
export const videoLink = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^https:\/\/\S+$/i.test(v), 'Use an https:// link')

/** PUT /gamesv2/{id}/details, before `someChange` (the route adds the embeddable-video rule to video_url). */
export const gameDetailsFields = z.object({
  version: versionField,
  video_url: emptyIsNull(videoLink),
  location,
  venueId,
  courtId,
  date,
  time,
  status: z.enum(GAME_STATUSES, `Status must be one of ${GAME_STATUSES.join(', ')}`).optional(),
})

/** PUT /gamesv2/{id}/scores: the final score, and optionally period scores. */
export const scoresBody = z.object({
  version: versionField,
  score_home: score,
  score_away: score,
  periodScores: z
    .array(z.object({ game_period_id: id, team_id: id, score }))
    .max(200)
    .optional(),
})

/**
 * PUT /player-game-stats: one player's line, the lines of `lineVersions`, or else the lines of the
 * players it sends — never a line it does not name (docs/api-concurrency.md).
 */
export const boxScoreBody = z.object({
  player_id: id.optional(),
  game_id: id,
  // The game's version as read: checked, 409 when the game changed since (its box score is per line).
  version: versionField,
  // Per line (docs/api-concurrency.md): { playerId: version read, 0 for a line that had none }.
  // When given, only these players' lines are saved, each refused with 409 if it changed meanwhile.
  lineVersions: z
    .record(z.string().regex(/^\d{1,15}$/, 'Player ids'), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER))
    .nullish(),
  // The whole box score's version as read (the game detail's boxScoreVersion): 409 when any line
  // of the game changed since, whichever lines this save names.
  boxScoreVersion: z
    .number({ error: 'The box score version is a whole number' })
    .int('The box score version is a whole number')
    .min(0, 'The box score version is a whole number')
    .max(Number.MAX_SAFE_INTEGER)
    .nullish(),
  stats: z
    .array(
      z.object({
        player_id: id,
        game_id: id.optional(),
        stat_id: id,
        // docs/reference/league-admin.md §5: stat cells are whole numbers; empty saves as 0.
        value: z.preprocess(
          (v) => (v === '' || v === null || v === undefined ? 0 : v),
          z.number({ error: 'Stat values are whole numbers' }).int('Stat values are whole numbers').min(0).max(999),
        ),
      }),
    )
    .max(2000),
})

/** POST /week-offs: a date of a league without games (reason "Off Week" unless given). */
export const newWeekOff = z.object({
  season_id: id,
  league_id: id,
  date: isoDate,
  reason: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(120).default('Off Week'),
  ),
})
