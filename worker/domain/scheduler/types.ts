// The schedule generator's plain-data shapes, shared by the API, the Schedule Builder and tests.

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

export type HardRule = 'clash' | 'rematch' | 'unavailable' | 'week-off' | 'lost-game'

export interface HardViolation {
  rule: HardRule
  weekIndex: number
  date: string | null
  time: string | null
  teamIds: number[]
  message: string
}

export interface TeamFairness {
  teamId: number
  games: number
  byes: number
  doubleHeaders: number
  home: number
  away: number
  /** Games per time slot, every slot of the season listed. */
  perSlot: Record<string, number>
  /** Byes in two consecutive playing weeks (pairs of weeks). */
  consecutiveByes: number
  /** Most idle slots between the two games of one of its nights (0 = back to back). */
  doubleHeaderWait: number
}

/** docs/reference/schedule-builder.md's measures; `bestPossible` holds each column's lower bound for the fairness table. */
export interface FairnessReport {
  teams: TeamFairness[]
  spreads: {
    games: number
    byes: number
    doubleHeaders: number
    /** Worst slot spread among teams sharing the same available slots, and its time. */
    slot: { value: number; time: string | null }
    homeAwayImbalance: number
    doubleHeaderWait: number
    /** Teams with byes in two consecutive playing weeks. */
    consecutiveByes: number
  }
  carryOver: number
  bestPossible: {
    games: number
    byes: number
    doubleHeaders: number
    slot: number
    /** The slot bound per time, for the fairness table's per-slot columns (their maximum is `slot`). */
    slotByTime: Record<string, number>
    homeAwayImbalance: number
    doubleHeaderWait: number
    consecutiveByes: number
    carryOver: number
  }
  hardViolations: HardViolation[]
}

/** A slot of a playing night the generator left without a game, and why. */
export interface OpenSlot {
  weekIndex: number
  date: string
  time: string
  reason: string
}

export type ScheduleResult =
  | { ok: true; games: ScheduledGame[]; byes: WeekByes[]; openSlots: OpenSlot[]; fairness: FairnessReport }
  | { ok: false; message: string; conflicts: Conflict[] }

/** A cell of the Schedule Builder's table. */
export interface GameCell {
  weekIndex: number
  time: string
}
