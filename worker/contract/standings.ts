// A season's standings line (docs/reference/league-admin.md §3 Team, §9): what the seasons, divisions
// and season-team calls answer for each team (worker/db/queries/teams.ts `standings`).
import { z } from 'zod'
import { rowId, teamBadge } from './common'

const count = z.number().int().nonnegative()

/** What a rule found of one team: a record (head-to-head, common opponents, `tied` teams among) or a number. */
const ruleFact = z.union([
  z.object({ wins: count, losses: count, tied: count.optional() }),
  z.object({ value: z.number().nullable() }),
])

/** The tiebreak as facts, for a page that writes it in another language (docs/languages.md). */
export const tiebreakDetail = z.union([
  z.object({ kind: z.literal('level'), teams: z.array(z.string()) }),
  z.object({ kind: z.enum(['ahead', 'behind']), team: z.string(), rule: z.string(), mine: ruleFact, theirs: ruleFact }),
])

/** Which tiebreaker placed the team, when it shares its win percentage (docs/playoffs.md "Tiebreakers"). */
export const tiebreak = z.object({
  /** The rule's name ("headToHead"); null when the team ties on every rule. */
  rule: z.string().nullable(),
  /** "ahead of And One on head-to-head, 2–0". */
  explanation: z.string(),
})

/** One team's line in a season's standings. */
export const standingRow = teamBadge.extend({
  /** The captain's full name. */
  captain: z.string().nullable(),
  captain_id: rowId.nullable(),
  /** The team's place in the league of the season (season-league-team id): what divisions hold. */
  slt_id: rowId,
  leagueId: rowId,
  leagueName: z.string(),
  seasonId: rowId,
  division_id: rowId.nullable(),
  /** The team's order within its division. */
  position: z.number().int(),
  playersCount: count,
  wins: count,
  losses: count,
  /** 1-based; shared only by teams that tie on every rule. */
  rank: z.number().int().positive(),
  /** Wins ÷ games to three decimals; 0 before any game. */
  winPercentage: z.number(),
  /** Free throws made ÷ attempted, to three decimals (0 without attempts). */
  ftPercentage: z.number(),
  total3PM: z.number(),
  tiebreak: tiebreak.nullable(),
  /** The tiebreak as facts (docs/languages.md); absent when the team shares no record. */
  tiebreakDetail: tiebreakDetail.nullable().optional(),
  /** Playoff place certain (docs/playoffs.md); false when the league sets no places. */
  clinched: z.boolean(),
  /** Playoff place out of reach (docs/playoffs.md). */
  eliminated: z.boolean(),
})
export type StandingRow = z.output<typeof standingRow>
