// Tiebreaker settings and playoff brackets: what the calls take and answer (docs/playoffs.md "API").
import { z } from 'zod'
import { day, rowId, teamBadge, version } from './common'
import { clockTime, id, isoDate } from './fields'

// ---------------------------------------------------------------- tiebreakers

/** The rules a league can order (docs/playoffs.md "Tiebreakers"); win percentage always comes first. */
export const TIEBREAK_RULES = [
  'fewerLosses',
  'moreWins',
  'headToHead',
  'pointDifferential',
  'pointsAllowed',
  'commonOpponents',
  'fewestForfeits',
  'staffOrder',
] as const
export const tiebreakRule = z.enum(TIEBREAK_RULES, `Rules are ${TIEBREAK_RULES.join(', ')}`)
export type TiebreakRule = z.output<typeof tiebreakRule>

const unique = <T>(list: T[]) => new Set(list).size === list.length

/** PUT /tiebreakers/{leagueId}: the league's ordered rules, point cap, staff draw and playoff places. */
export const tiebreakerBody = z.object({
  rules: z.array(tiebreakRule).max(TIEBREAK_RULES.length).refine(unique, 'Each rule can be used once'),
  pointCap: z
    .number({ error: 'The point cap is a whole number' })
    .int('The point cap is a whole number')
    .min(1, 'The point cap is at least 1')
    .max(999)
    .nullish(),
  staffOrder: z.array(id).max(200).refine(unique, 'A team can be drawn once').default([]),
  playoffSpots: z
    .number({ error: 'Playoff places is a whole number' })
    .int('Playoff places is a whole number')
    .min(1, 'At least 1 playoff place')
    .max(64, 'At most 64 playoff places')
    .nullish(),
  // 0 = saved from the defaults (no settings row yet).
  version: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  ),
})

/** A league's tiebreaker settings. */
export const tiebreakers = z.object({
  leagueId: rowId,
  rules: z.array(tiebreakRule),
  /** The most points a game counts with in point differential and points allowed; null: no cap. */
  pointCap: z.number().int().nullable(),
  /** Team ids in the order staff drew them (the staffOrder rule). */
  staffOrder: z.array(rowId),
  /** How many teams reach the playoffs (clinched and eliminated marks); null: not set. */
  playoffSpots: z.number().int().nullable(),
  /** 0 while the league has the default settings (nothing saved yet). */
  version: z.number().int().nonnegative(),
})
export type Tiebreakers = z.output<typeof tiebreakers>
export const oneTiebreakers = z.object({ tiebreakers })

// ---------------------------------------------------------------- brackets

const night = z.object({
  date: isoDate,
  times: z.array(clockTime('Time slots are times like 18:00')).max(24).default([]),
  location: z.string().trim().max(120).nullish(),
})

/** POST /brackets: a bracket of the league's (or division's) top teams, one night per round. */
export const newBracket = z.object({
  seasonId: id,
  leagueId: id,
  divisionId: id.nullish(),
  name: z.string().trim().max(120).nullish(),
  teams: z
    .number({ error: 'Teams is a whole number' })
    .int('Teams is a whole number')
    .min(2, 'A bracket needs at least 2 teams')
    .max(64, 'A bracket takes at most 64 teams'),
  thirdPlace: z.boolean().default(false),
  reseed: z.boolean().default(false),
  eligibility: z.enum(['all', 'noForfeits'], 'Eligibility is all or noForfeits').default('all'),
  nights: z.array(night).min(1, 'Choose a night for each round').max(6),
})
export type NewBracketNight = z.output<typeof night>

/** A round's night: its day, the time slots its games may take and where. */
export const bracketNight = z.object({ date: day, times: z.array(z.string()), location: z.string().nullable() })

/** A team of the bracket, with its seed. */
export const bracketTeam = teamBadge.extend({ seed: z.number().int().positive() })
export type BracketTeam = z.output<typeof bracketTeam>

/** The game of a slot, once both its teams are known. */
export const bracketGame = z.object({
  id: rowId,
  version,
  date: day.nullable(),
  time: z.string().nullable(),
  location: z.string().nullable(),
  /** scheduled, completed, postponed, cancelled or forfeit. */
  status: z.string(),
  team1Id: rowId,
  team2Id: rowId,
  scoreTeam1: z.number().int(),
  scoreTeam2: z.number().int(),
})
export type BracketGame = z.output<typeof bracketGame>

/** A slot's two teams, the better seed first; null until known. */
const sides = { team1: bracketTeam.nullable(), team2: bracketTeam.nullable() }

/** One game place of the bracket: round (1 = first) and slot, or the third-place game. */
export const bracketSlot = z.object({
  kind: z.enum(['main', 'third']),
  round: z.number().int().positive(),
  slot: z.number().int().nonnegative(),
  /** "Quarter-finals", "Final", "Third place". */
  roundName: z.string(),
  ...sides,
  winnerId: rowId.nullable(),
  game: bracketGame.nullable(),
})
export type BracketSlot = z.output<typeof bracketSlot>

/** A bracket in a season's list. */
export const bracketSummary = z.object({
  id: rowId,
  name: z.string(),
  leagueId: rowId,
  divisionId: rowId.nullable(),
  seasonId: rowId,
  version,
})
export type BracketSummary = z.output<typeof bracketSummary>

/** A bracket with where every slot stands (docs/playoffs.md "Brackets"). */
export const bracket = bracketSummary.extend({
  thirdPlace: z.boolean(),
  reseed: z.boolean(),
  eligibility: z.enum(['all', 'noForfeits']),
  /** Per round: the night its games are played. */
  nights: z.array(bracketNight),
  rounds: z.number().int().positive(),
  /** Best seed first (null: a team since deleted). */
  seeds: z.array(bracketTeam.nullable()),
  /** Seeds that skip round one. */
  byes: z.array(z.number().int().positive()),
  champion: bracketTeam.nullable(),
  thirdPlaceWinner: bracketTeam.nullable(),
  /** Game slots by round then slot, the third-place game last. */
  slots: z.array(bracketSlot),
})
export type Bracket = z.output<typeof bracket>
export const oneBracket = z.object({ bracket })
export const bracketList = z.object({ brackets: z.array(bracketSummary) })
