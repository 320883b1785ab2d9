// The schedule generator's plain-data shapes, shared by the API, the Schedule Builder and tests.

import type { FairnessReport, HardRule, HardViolation, OpenSlot, TeamFairness } from '../../contract/schedules'
import type { Translation } from '../i18n.ts'

export interface ScheduleTeam {
  id: number
  /** Used in conflict messages; `team {id}` without it. */
  name?: string
  /** Times (HH:mm) the team cannot play, every week. */
  unavailableSlots: string[]
}

/** One playing night per week (docs/reference/league-admin.md §7: date = start date + 7 days × index). */
export interface ScheduleWeek {
  index: number
  date: string
  /** The night's time slots (HH:mm); one game per slot. */
  slots: string[]
  /** A week-off: no games, no byes. */
  off?: boolean
}

/** A played (score or stats) or locked game, kept exactly as it is. */
export interface FixedGame {
  weekIndex: number
  time: string
  homeId: number
  awayId: number
}

export interface ScheduleInput {
  teams: ScheduleTeam[]
  weeks: ScheduleWeek[]
  fixed?: FixedGame[]
  /** Same input and seed, same schedule. Default 1. */
  seed?: number
}

export interface ScheduledGame {
  weekIndex: number
  date: string
  time: string
  homeId: number
  awayId: number
  /** True for a game of `input.fixed`, returned unchanged. */
  fixed: boolean
}

export interface WeekByes {
  weekIndex: number
  date: string
  teamIds: number[]
}

/** What makes a schedule impossible: the teams, dates and slots involved. */
export interface Conflict {
  teamIds: number[]
  dates: string[]
  slots: string[]
  message: string
}

// The generator's measures and open slots are sent as they are: their wire shapes are worker/contract/schedules.ts.
export type { FairnessReport, HardRule, HardViolation, OpenSlot, TeamFairness }

export type ScheduleResult =
  | { ok: true; games: ScheduledGame[]; byes: WeekByes[]; openSlots: OpenSlot[]; fairness: FairnessReport }
  | {
      ok: false
      message: string
      conflicts: Conflict[]
      /** The message and each conflict's as catalog sentences, for an answer in another language (docs/languages.md). */
      words?: { message: Translation; conflicts: Translation[] }
    }

/** A cell of the Schedule Builder's table. */
export interface GameCell {
  weekIndex: number
  time: string
}
