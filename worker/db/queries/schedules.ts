import { and, asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { type Night, type Schedule as ScheduleWire, WEEKDAYS } from '../../contract/schedules'
import { first } from '../../domain/at'
import { weekDate } from '../../domain/time'
import { instantOrRefuse } from '../../lib/zone'
import { type Db, runBatch } from '../client'
import { PLAYED_GAME } from '../guards'
import { byes, games, scheduleSlots, schedules, seasonsLeagues, seasonsLeaguesTeams, teams, weekOffs } from '../schema'
import { chunks } from './organizations'
import { isPlayedGame, ofSeasonLeague, seasonLeagueOfPlace } from './shared'

export type Schedule = typeof schedules.$inferSelect

export interface ScheduleFields {
  name: string
  leagueId: number
  seasonId: number
  startDate: string
  numWeeks: number
  gameDays: string[]
  sameSlot: boolean
  timeSlots: string[]
  weeklyTimeSlots: string[][]
}

export type { Night }

/**
 * The schedule's nights. Week dates are start date + 7 days × week index (docs/reference/league-admin.md §7); each chosen
 * game day of that week is a night (the first on or after the week date), so a Monday+Wednesday
 * league has two nights a week. Without game days the week date itself is the night.
 */
export function nightsOf(s: {
  startDate: string
  numWeeks: number
  gameDays: string[]
  sameSlot: boolean
  slots: { weekIndex: number | null; time: string }[]
}): Night[] {
  const every = s.slots.filter((x) => x.weekIndex === null).map((x) => x.time)
  const days = WEEKDAYS.map((d, i) => (s.gameDays.includes(d) ? i : -1)).filter((i) => i >= 0)
  const nights: Night[] = []
  for (let week = 0; week < s.numWeeks; week++) {
    const base = weekDate(s.startDate, week)
    const weekSlots = s.sameSlot ? every : s.slots.filter((x) => x.weekIndex === week).map((x) => x.time)
    const slots = [...new Set(weekSlots.length > 0 ? weekSlots : every)].sort()
    const baseDay = new Date(`${base}T00:00:00Z`).getUTCDay()
    const offsets = days.length === 0 ? [0] : days.map((d) => (d - baseDay + 7) % 7).sort((a, b) => a - b)
    for (const offset of offsets) {
      const date = new Date(`${base}T00:00:00Z`)
      date.setUTCDate(date.getUTCDate() + offset)
      nights.push({ index: nights.length, week, date: date.toISOString().slice(0, 10), slots })
    }
  }
  return nights
}

/**
 * A schedule and its slots as batchable statements; the slots are read by the asked id and
 * dropped unless the schedule is the tenant's (toSchedule).
 */
export function scheduleQueries(db: Db, orgId: number, scheduleId: number) {
  return [
    db
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, scheduleId), eq(schedules.organizationId, orgId)))
      .limit(1),
    db
      .select({ weekIndex: scheduleSlots.weekIndex, time: scheduleSlots.time })
      .from(scheduleSlots)
      .where(eq(scheduleSlots.scheduleId, scheduleId))
      .orderBy(asc(scheduleSlots.weekIndex), asc(scheduleSlots.position)),
  ] as const
}

export function toSchedule(
  [schedule]: Schedule[],
  slots: { weekIndex: number | null; time: string }[],
): (Schedule & { slots: { weekIndex: number | null; time: string }[] }) | undefined {
  return schedule ? { ...schedule, slots } : undefined
}

export async function getSchedule(db: Db, orgId: number, scheduleId: number) {
  return toSchedule(...(await db.batch(scheduleQueries(db, orgId, scheduleId))))
}

/** The schedule's season and league as SQL (-1 when missing), to read its teams in the same trip. */
export function scheduleScope(orgId: number, scheduleId: number) {
  const column = (name: 'season_id' | 'league_id') =>
    sql<number>`coalesce((select ${sql.raw(name)} from ${schedules} where ${schedules.id} = ${scheduleId} and ${schedules.organizationId} = ${orgId}), -1)`
  return { seasonId: column('season_id'), leagueId: column('league_id') }
}

export type ScheduleWithSlots = NonNullable<Awaited<ReturnType<typeof getSchedule>>>

/** The schedule as the spec names it (docs/reference/league-admin.md §3 Schedule). */
export function scheduleJson(s: ScheduleWithSlots): ScheduleWire {
  const timeSlots = s.slots.filter((x) => x.weekIndex === null).map((x) => x.time)
  const weeklyTimeSlots = Array.from({ length: s.numWeeks }, (_, w) =>
    s.slots.filter((x) => x.weekIndex === w).map((x) => x.time),
  )
  return {
    id: s.id,
    version: s.version,
    name: s.name,
    leagueId: s.leagueId,
    season_id: s.seasonId,
    startDate: s.startDate,
    numWeeks: s.numWeeks,
    // Stored only as the request schema let them in: Sunday..Saturday.
    gameDays: s.gameDays as ScheduleWire['gameDays'],
    sameSlot: s.sameSlot,
    timeSlots,
    weeklyTimeSlots,
    weeklyDates: nightsOf(s).map((n) => n.date),
    nights: nightsOf(s),
  }
}

/** The organization's schedules (one league's, or all) with their slots: two queries, never one per schedule. */
export async function listSchedules(db: Db, orgId: number, leagueId?: number) {
  const [rows, slots] = await db.batch([
    db
      .select()
      .from(schedules)
      .where(and(eq(schedules.organizationId, orgId), leagueId ? eq(schedules.leagueId, leagueId) : undefined))
      .orderBy(asc(schedules.id)),
    db
      .select({ scheduleId: scheduleSlots.scheduleId, weekIndex: scheduleSlots.weekIndex, time: scheduleSlots.time })
      .from(scheduleSlots)
      .where(eq(scheduleSlots.organizationId, orgId))
      .orderBy(asc(scheduleSlots.weekIndex), asc(scheduleSlots.position)),
  ])
  const byId = Map.groupBy(slots, (x) => x.scheduleId)
  return rows.map((schedule) =>
    scheduleJson({ ...schedule, slots: (byId.get(schedule.id) ?? []).map(({ weekIndex, time }) => ({ weekIndex, time })) }),
  )
}

function slotRows(orgId: number, scheduleId: number | ReturnType<typeof sql>, f: ScheduleFields) {
  const rows: { organizationId: number; scheduleId: number; weekIndex: number | null; time: string; position: number }[] = []
  for (const [i, time] of f.timeSlots.entries()) {
    rows.push({ organizationId: orgId, scheduleId: scheduleId as number, weekIndex: null, time, position: i })
  }
  if (!f.sameSlot) {
    for (const [week, times] of f.weeklyTimeSlots.entries()) {
      for (const [i, time] of times.entries()) {
        rows.push({ organizationId: orgId, scheduleId: scheduleId as number, weekIndex: week, time, position: i })
      }
    }
  }
  return rows
}

export async function createSchedule(db: Db, orgId: number, f: ScheduleFields) {
  const seed = Math.floor(Math.random() * 2 ** 31)
  const newId = sql`(select max(id) from ${schedules} where ${schedules.organizationId} = ${orgId})`
  const items: BatchItem<'sqlite'>[] = [
    db
      .insert(schedules)
      .values({
        organizationId: orgId,
        seasonId: f.seasonId,
        leagueId: f.leagueId,
        name: f.name,
        startDate: f.startDate,
        numWeeks: f.numWeeks,
        gameDays: f.gameDays,
        sameSlot: f.sameSlot,
        seed,
      })
      .returning({ id: schedules.id }),
  ]
  for (const part of chunks(slotRows(orgId, newId, f), 15)) items.push(db.insert(scheduleSlots).values(part))
  const results = (await runBatch(db, items)) as unknown[]
  return first(results[0] as { id: number }[]).id
}

export async function updateSchedule(db: Db, orgId: number, scheduleId: number, f: ScheduleFields) {
  const items: BatchItem<'sqlite'>[] = [
    db
      .update(schedules)
      .set({ name: f.name, startDate: f.startDate, numWeeks: f.numWeeks, gameDays: f.gameDays, sameSlot: f.sameSlot })
      .where(and(eq(schedules.id, scheduleId), eq(schedules.organizationId, orgId))),
    db.delete(scheduleSlots).where(eq(scheduleSlots.scheduleId, scheduleId)),
  ]
  for (const part of chunks(slotRows(orgId, scheduleId, f), 15)) items.push(db.insert(scheduleSlots).values(part))
  await runBatch(db, items)
}

/** Deletes a schedule with its unplayed games and byes; played games stay (detached). */
export async function deleteSchedule(db: Db, orgId: number, scheduleId: number) {
  await runBatch(db, [
    db.delete(games).where(and(eq(games.organizationId, orgId), eq(games.scheduleId, scheduleId), sql`not ${isPlayedGame}`)),
    db.delete(schedules).where(and(eq(schedules.id, scheduleId), eq(schedules.organizationId, orgId))),
  ])
}

/** The teams of the schedule's league in its season, with their unavailable slots. */
export function teamsOfSchedule(db: Db, orgId: number, seasonId: number | SQL<number>, leagueId: number | SQL<number>) {
  return db
    .select({ id: teams.id, name: teams.name, unavailableSlots: teams.unavailableSlots })
    .from(seasonsLeaguesTeams)
    .innerJoin(seasonsLeagues, seasonLeagueOfPlace)
    .innerJoin(teams, eq(teams.id, seasonsLeaguesTeams.teamId))
    .where(and(eq(seasonsLeaguesTeams.organizationId, orgId), ofSeasonLeague(seasonId, leagueId)))
    .orderBy(asc(teams.name))
}

/** What the builder reads of a game: its week, teams, lock, whether it is played, and its version. */
const builderGame = {
  id: games.id,
  weekIndex: games.weekIndex,
  team1Id: games.team1Id,
  team2Id: games.team2Id,
  locked: games.locked,
  played: sql<number>`${isPlayedGame}`,
  version: games.version,
}

/** The schedule's games, each marked kept when played or locked. */
export function gamesOfSchedule(db: Db, orgId: number, scheduleId: number) {
  return db
    .select({ ...builderGame, date: games.date, time: games.time })
    .from(games)
    .where(and(eq(games.organizationId, orgId), eq(games.scheduleId, scheduleId)))
    .orderBy(asc(games.weekIndex), asc(games.time))
}

export function weekOffsOf(db: Db, orgId: number, seasonId: number | SQL<number>, leagueId: number | SQL<number>) {
  return db
    .select()
    .from(weekOffs)
    .where(and(eq(weekOffs.organizationId, orgId), eq(weekOffs.seasonId, seasonId), eq(weekOffs.leagueId, leagueId)))
    .orderBy(asc(weekOffs.date))
}

export interface PlannedGame {
  weekIndex: number
  date: string
  time: string
  homeId: number
  awayId: number
  /** Where, when the plan fills courts (docs/venues.md). */
  venueId?: number
  courtId?: number
}

/**
 * Replaces the schedule's unkept games and its byes with a new plan in one batch: either all of
 * it lands or the previous schedule stays intact.
 */
export async function replacePlan(
  db: Db,
  orgId: number,
  schedule: ScheduleWithSlots,
  seasonsLeagueId: number | null,
  keptIds: number[],
  planned: PlannedGame[],
  plannedByes: { weekIndex: number; date: string; teamIds: number[] }[],
  location: string | null,
  zone: string,
) {
  const items: BatchItem<'sqlite'>[] = [
    db.delete(games).where(
      and(
        eq(games.organizationId, orgId),
        eq(games.scheduleId, schedule.id),
        keptIds.length > 0 ? notInArray(games.id, keptIds) : undefined,
        // Decided by the rows themselves, not by the plan read earlier: a played or locked game is
        // never deleted (the write guard of planGuard refuses the whole plan first).
        sql`not ${isPlayedGame}`,
        eq(games.locked, false),
      ),
    ),
    db.delete(byes).where(and(eq(byes.organizationId, orgId), eq(byes.scheduleId, schedule.id))),
  ]
  const gameRows = planned.map((g) => ({
    organizationId: orgId,
    seasonId: schedule.seasonId,
    leagueId: schedule.leagueId,
    seasonsLeagueId,
    scheduleId: schedule.id,
    weekIndex: g.weekIndex,
    team1Id: g.homeId,
    team2Id: g.awayId,
    date: g.date,
    time: g.time,
    gameDateTime: instantOrRefuse(g.date, g.time, zone),
    location,
    status: 'scheduled' as const,
    ...(g.courtId === undefined ? {} : { venueId: g.venueId ?? null, courtId: g.courtId }),
  }))
  // D1 binds at most 100 parameters a statement; a game row binds up to 18.
  for (const part of chunks(gameRows, 5)) items.push(db.insert(games).values(part))
  const byeRows = plannedByes.flatMap((b) =>
    b.teamIds.map((teamId) => ({
      organizationId: orgId,
      seasonId: schedule.seasonId,
      leagueId: schedule.leagueId,
      scheduleId: schedule.id,
      weekIndex: b.weekIndex,
      date: b.date,
      teamId,
    })),
  )
  for (const part of chunks(byeRows, 10)) items.push(db.insert(byes).values(part))
  await runBatch(db, items)
}

/** A game as the schedule's plan read it. */
interface ReadGame {
  id: number
  version: number
}

/** SQL for "game row `g` is played or locked", as isPlayedGame says it, for raw guard conditions. */
const PLAYED_OR_LOCKED = `(g.locked OR ${PLAYED_GAME})`

/**
 * The condition under which a plan made from `read` no longer fits the schedule (docs/api-concurrency.md):
 * a game of the schedule was added, edited, scored or locked since it was read, or one the plan
 * replaces now has a box score. Used as a write guard, so it is decided inside the batch that writes.
 */
export function planChangedGuard(orgId: number, scheduleId: number, read: ReadGame[], keptIds: number[]) {
  return {
    changed: `EXISTS (SELECT 1 FROM games g WHERE g.organization_id = ? AND g.schedule_id = ? AND (NOT EXISTS (SELECT 1 FROM json_each(?) r WHERE json_extract(r.value, '$[0]') = g.id AND json_extract(r.value, '$[1]') = g.version) OR (g.id NOT IN (SELECT value FROM json_each(?)) AND ${PLAYED_OR_LOCKED})))`,
    params: [orgId, scheduleId, JSON.stringify(read.map((g) => [g.id, g.version])), JSON.stringify(keptIds)],
  }
}

/** The schedule's games changed since `read` (for the 409's message). */
export async function changedSinceRead(db: Db, orgId: number, scheduleId: number, read: ReadGame[]) {
  const now = await db.batch([gamesOfSchedule(db, orgId, scheduleId)])
  const before = new Map(read.map((g) => [g.id, g.version]))
  return now[0].filter((g) => before.get(g.id) !== g.version)
}

/** Condition: one of two games to swap changed, was scored or locked, or is gone, since they were read. */
export function swapChangedGuard(orgId: number, read: [ReadGame, ReadGame]) {
  const [a, b] = read
  return {
    changed: `(SELECT count(*) FROM games g WHERE g.organization_id = ? AND ((g.id = ? AND g.version = ?) OR (g.id = ? AND g.version = ?)) AND NOT ${PLAYED_OR_LOCKED}) < 2`,
    params: [orgId, a.id, a.version, b.id, b.version],
  }
}

export function byesOfSchedule(db: Db, orgId: number, scheduleId: number, weekIndex?: number) {
  return db
    .select({ id: byes.id, teamId: byes.teamId, teamName: teams.name, date: byes.date, weekIndex: byes.weekIndex })
    .from(byes)
    .innerJoin(teams, eq(teams.id, byes.teamId))
    .where(
      and(
        eq(byes.organizationId, orgId),
        eq(byes.scheduleId, scheduleId),
        weekIndex === undefined ? undefined : eq(byes.weekIndex, weekIndex),
      ),
    )
    .orderBy(asc(byes.weekIndex), asc(teams.name))
}

export async function swapMatchups(
  db: Db,
  orgId: number,
  a: { id: number; team1Id: number; team2Id: number },
  b: { id: number; team1Id: number; team2Id: number },
) {
  await runBatch(db, [
    db
      .update(games)
      .set({ team1Id: b.team1Id, team2Id: b.team2Id })
      .where(and(eq(games.id, a.id), eq(games.organizationId, orgId))),
    db
      .update(games)
      .set({ team1Id: a.team1Id, team2Id: a.team2Id })
      .where(and(eq(games.id, b.id), eq(games.organizationId, orgId))),
  ])
}

export async function gamesByIds(db: Db, orgId: number, ids: number[]) {
  return db
    .select({ ...builderGame, scheduleId: games.scheduleId })
    .from(games)
    .where(and(eq(games.organizationId, orgId), inArray(games.id, ids)))
}
