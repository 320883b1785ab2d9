// Answers and request bodies of the captains' score reports and the staff queue (docs/members.md "Score reports").
import { z } from 'zod'
import { named, rowId, version } from './common'
import { id, versionField } from './fields'
import { gameStatus, statDefinition } from './games'

const points = z.number().int().nonnegative()
const score = z.number({ error: 'Scores are whole numbers' }).int('Scores are whole numbers').min(0).max(999)

/** One box-score cell of a report: the desk's `stats` rows (PUT /player-game-stats), for the reporting team's players. */
export const reportLine = z.object({ player_id: rowId, stat_id: rowId, value: points })
export type ReportLine = z.output<typeof reportLine>

/** PUT /member/games/{id}/report: the final score (home, away) and optionally the team's box-score lines. */
export const reportBody = z
  .object({
    /** The captain's team's report version as read (none yet: 0 or absent); 409 when it changed since. */
    version: versionField,
    score_home: score,
    score_away: score,
    lines: z
      .array(z.object({ player_id: id, stat_id: id, value: z.number().int('Stats are whole numbers').min(0).max(999) }))
      .max(2000)
      .optional(),
  })
  .refine((r) => r.score_home > 0 || r.score_away > 0, {
    message: 'A final score needs at least one point',
    path: ['score_home'],
  })

/** A team's report as staff see it: the score, who reported it and when, its lines with the players' names. */
export const scoreReport = z.object({
  teamId: rowId,
  teamName: z.string(),
  version,
  score_home: points,
  score_away: points,
  reportedBy: z.string(),
  reportedAt: z.string(),
  /** Each line with its player's name and its stat's abbreviation. */
  lines: z.array(reportLine.extend({ name: z.string(), stat: z.string() })),
})
export type ScoreReport = z.output<typeof scoreReport>

/**
 * Where a game stands with its reports (the member screen's state):
 * open (nothing reported by this team yet), waiting (for the other captain), differ (the league
 * settles it), final (the game has its final score), settled (final as staff settled two reports that differed), live (scored live: no report needed),
 * notPlayed (cancelled or postponed).
 */
export const reportState = z.enum(['open', 'waiting', 'differ', 'final', 'settled', 'live', 'notPlayed'])
export type ReportState = z.output<typeof reportState>

/** GET and PUT /member/games/{id}/report: the game, the captain's team and report, and the state. */
export const memberReport = z.object({
  game: z.object({
    id: rowId,
    date: z.string().nullable(),
    time: z.string().nullable(),
    game_dateTime: z.string().nullable(),
    status: gameStatus,
    homeTeam: named,
    awayTeam: named,
    score_home: points,
    score_away: points,
    /** Its start has passed: a report may be sent. */
    started: z.boolean(),
  }),
  team: named.extend({ side: z.enum(['home', 'away']) }),
  report: z
    .object({
      version,
      score_home: points,
      score_away: points,
      reportedBy: z.string(),
      reportedAt: z.string(),
      lines: z.array(reportLine),
    })
    .nullable(),
  otherReported: z.boolean(),
  state: reportState,
  /** The captain's team's players and the visible stats: the grid of the optional lines. */
  roster: z.array(z.object({ id: rowId, firstName: z.string(), lastName: z.string() })),
  stats: z.array(statDefinition),
})
export type MemberReport = z.output<typeof memberReport>

/** A game in the staff queue: both reports side by side, why it is there, the live-scored score if any. */
export const queuedGame = z.object({
  game: z.object({
    id: rowId,
    date: z.string().nullable(),
    time: z.string().nullable(),
    homeTeam: named,
    awayTeam: named,
    league: z.string().nullable(),
  }),
  /** differ: the two reports do not agree; overdue: one team has not reported within the league's deadline. */
  reason: z.enum(['differ', 'overdue']),
  reports: z.array(scoreReport),
  /** The score the live scorer's events make (and how many events were stored), when the game has any. */
  live: z.object({ home: points, away: points, final: z.boolean(), events: points }).nullable(),
})
export type QueuedGame = z.output<typeof queuedGame>

export const scoreReportQueue = z.object({ games: z.array(queuedGame), count: points })

/** POST /score-reports/{gameId}/settle: use this team's report, at the version staff saw. */
export const settleBody = z.object({ teamId: id, version: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })
