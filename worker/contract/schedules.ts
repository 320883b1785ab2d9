// Answers and request bodies of the Schedule Builder's calls (docs/reference/schedule-builder.md,
// docs/reference/league-admin.md §5 and §7).
import { z } from 'zod'
import { day, named, rowId, version } from './common'
import { id, isoDate, notGiven, requiredText, someChange, timeList, versionField } from './fields'
import { game } from './games'

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
export const weekday = z.enum(WEEKDAYS, 'Game days are Sunday to Saturday')
const count = z.number().int().nonnegative()
/** Time slots (HH:mm). */
const slots = z.array(z.string())

/** One playing night of a schedule; `index` is the API's weekIndex. */
export const night = z.object({ index: count, week: count, date: day, slots })
export type Night = z.output<typeof night>

/** A schedule (docs/reference/league-admin.md §3 Schedule). */
export const schedule = z.object({
  id: rowId,
  version,
  name: z.string(),
  leagueId: rowId,
  season_id: rowId.nullable(),
  startDate: day,
  numWeeks: z.number().int().positive(),
  gameDays: z.array(weekday),
  /** The same time slots every week (timeSlots), or each week's own (weeklyTimeSlots). */
  sameSlot: z.boolean(),
  timeSlots: slots,
  weeklyTimeSlots: z.array(slots),
  /** Each night's date, in order. */
  weeklyDates: z.array(day),
  nights: z.array(night),
})
export type Schedule = z.output<typeof schedule>
export const scheduleList = z.object({ schedules: z.array(schedule) })
export const oneSchedule = z.object({ schedule })

/** A team the schedule places, with the times it cannot play. */
export const scheduleTeam = named.extend({ unavailableSlots: slots })
export type ScheduleTeam = z.output<typeof scheduleTeam>

/** GET /schedules/{id}: the schedule, what a regeneration would do (games now, kept as played or locked, replaced), and its teams. */
export const scheduleDetail = z.object({
  schedule,
  plan: z.object({ games: count, kept: count, replaced: count }),
  teams: z.array(scheduleTeam),
})
export type ScheduleDetail = z.output<typeof scheduleDetail>

export const hardRule = z.enum(['clash', 'rematch', 'unavailable', 'week-off', 'lost-game'])
export type HardRule = z.output<typeof hardRule>

export const hardViolation = z.object({
  rule: hardRule,
  weekIndex: z.number().int(),
  date: day.nullable(),
  time: z.string().nullable(),
  teamIds: z.array(rowId),
  message: z.string(),
})
export type HardViolation = z.output<typeof hardViolation>

export const teamFairness = z.object({
  teamId: rowId,
  games: count,
  byes: count,
  doubleHeaders: count,
  home: count,
  away: count,
  /** Games per time slot, every slot of the season listed. */
  perSlot: z.record(z.string(), count),
  /** Byes in two consecutive playing weeks (pairs of weeks). */
  consecutiveByes: count,
  /** Most idle slots between the two games of one of its nights (0 = back to back). */
  doubleHeaderWait: count,
})
export type TeamFairness = z.output<typeof teamFairness>

/** docs/reference/schedule-builder.md's measures; `bestPossible` holds each column's lower bound for the fairness table. */
export const fairnessReport = z.object({
  teams: z.array(teamFairness),
  spreads: z.object({
    games: count,
    byes: count,
    doubleHeaders: count,
    /** Worst slot spread among teams sharing the same available slots, and its time. */
    slot: z.object({ value: count, time: z.string().nullable() }),
    homeAwayImbalance: count,
    doubleHeaderWait: count,
    /** Teams with byes in two consecutive playing weeks. */
    consecutiveByes: count,
  }),
  carryOver: count,
  bestPossible: z.object({
    games: count,
    byes: count,
    doubleHeaders: count,
    slot: count,
    /** The slot bound per time, for the fairness table's per-slot columns (their maximum is `slot`). */
    slotByTime: z.record(z.string(), count),
    homeAwayImbalance: count,
    doubleHeaderWait: count,
    consecutiveByes: count,
    carryOver: count,
  }),
  hardViolations: z.array(hardViolation),
})
export type FairnessReport = z.output<typeof fairnessReport>

/** A slot of a playing night the generator left without a game, and why. */
export const openSlot = z.object({ weekIndex: z.number().int(), date: day, time: z.string(), reason: z.string() })
export type OpenSlot = z.output<typeof openSlot>

/** The generator's plan, written: what it did (a sentence), its fairness, and the slots left open. */
export const generated = z.object({ message: z.string(), fairness: fairnessReport, openSlots: z.array(openSlot) })

/** The teams on bye on one night of a schedule. */
export const weeklyByes = z.object({
  byes: z.array(z.object({ id: rowId, teamId: rowId, team: named, date: day })),
})

/** Two games' matchups, swapped. */
export const swapped = z.object({ message: z.string(), games: z.array(game) })

// ---- Request bodies ----

const times = timeList('Time slots are times like 18:00')

// docs/reference/league-admin.md §5: league, name and start date required; weeks numeric ≥ 1; game days Sunday..Saturday.
const scheduleShape = {
  name: requiredText('Schedule name', 120),
  leagueId: id,
  season_id: notGiven(id.optional()),
  startDate: isoDate,
  numWeeks: z.coerce
    .number({ error: 'Weeks must be a number' })
    .int('Weeks must be a whole number')
    .min(1, 'At least 1 week')
    .max(60),
  gameDays: z.array(weekday).max(7),
  sameSlot: z.boolean(),
  timeSlots: times,
  weeklyTimeSlots: z.array(times).max(60),
}
/**
 * POST /schedules. The original client sends null for what a mode does not use (timeSlots or
 * weeklyTimeSlots): null is "not given", as if the field were absent (docs/validation.md).
 */
export const scheduleBody = z.object({
  ...scheduleShape,
  gameDays: notGiven(scheduleShape.gameDays.default([])),
  sameSlot: notGiven(scheduleShape.sameSlot.default(true)),
  timeSlots: notGiven(scheduleShape.timeSlots.default([])),
  weeklyTimeSlots: notGiven(scheduleShape.weeklyTimeSlots.default([])),
})
/** PUT /schedules/{id} (Edit Schedule: Name, Start Date, Weeks, …): only what is sent changes. */
export const scheduleChanges = someChange(
  z.object({
    name: scheduleShape.name.optional(),
    leagueId: scheduleShape.leagueId.optional(),
    season_id: scheduleShape.season_id,
    startDate: notGiven(scheduleShape.startDate.optional()),
    numWeeks: notGiven(scheduleShape.numWeeks.optional()),
    gameDays: notGiven(scheduleShape.gameDays.optional()),
    sameSlot: notGiven(scheduleShape.sameSlot.optional()),
    timeSlots: notGiven(scheduleShape.timeSlots.optional()),
    weeklyTimeSlots: notGiven(scheduleShape.weeklyTimeSlots.optional()),
    version: versionField,
  }),
)
