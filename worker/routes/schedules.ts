import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { gameList } from '../contract/games'
import {
  fairnessReport,
  generated,
  oneSchedule,
  scheduleBody,
  scheduleChanges,
  scheduleDetail,
  scheduleList,
  swapped,
  weeklyByes,
} from '../contract/schedules'
import { inOneTrip } from '../db/client'
import { gameDetail, listGames } from '../db/queries/games'
import {
  byesOfSchedule,
  changedSinceRead,
  createSchedule,
  deleteSchedule,
  gamesByIds,
  gamesOfSchedule,
  getSchedule,
  listSchedules,
  nightsOf,
  planChangedGuard,
  replacePlan,
  type ScheduleFields,
  scheduleJson,
  scheduleQueries,
  scheduleScope,
  swapChangedGuard,
  swapMatchups,
  teamsOfSchedule,
  toSchedule,
  updateSchedule,
  weekOffsOf,
} from '../db/queries/schedules'
import { getSeasonLeague, leagueRows, seasonsOfLeague } from '../db/queries/seasons'
import { plural } from '../db/queries/shared'
import { constraintRowsQuery } from '../db/queries/team-constraints'
import { SOURCE_LANGUAGE, type Translation, writeTranslation } from '../domain/i18n'
import { exportRobinx } from '../domain/robinx'
import { validateRobinx } from '../domain/robinx-validate'
import { seasonForSchedule } from '../domain/schedule-season'
import { generateSchedule } from '../domain/scheduler/generate'
import { hardViolations, measure } from '../domain/scheduler/measure'
import type { ScheduleInput } from '../domain/scheduler/types'
import { say, violationWords } from '../domain/scheduler/words'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { requestLanguage, serverWords } from '../lib/i18n'
import { answers } from '../lib/openapi'
import { id, validate } from '../lib/validate'
import { orgTimeZone } from '../lib/zone'
import { writerOrgId } from '../middleware/tenant'
import { versionedRow } from './owned-row'

const weekQuery = z.object({ scheduleId: id, weekIndex: z.coerce.number().int().min(0).max(1000) })

/** A schedule of the organization; its current copy on a stale edit is its answer (404 once deleted). */
const schedules = versionedRow('Schedule', getSchedule, 'schedules', async (db, orgId, scheduleId) => {
  const now = await getSchedule(db, orgId, scheduleId)
  if (!now) throw notFound('Schedule')
  return scheduleJson(now)
})

async function fieldsFrom(
  c: Context<AppEnv>,
  orgId: number,
  input: z.output<typeof scheduleBody>,
  seasonId?: number,
): Promise<ScheduleFields> {
  const db = c.var.db
  const named = input.season_id ?? seasonId
  // One round trip: the league and the seasons it takes part in.
  const [[league], seasonsOf] = await db.batch([
    leagueRows(db, orgId, input.leagueId),
    seasonsOfLeague(db, orgId, input.leagueId),
  ])
  if (!league) throw notFound('League')
  // Unnamed: the league's season that contains the start date, else the active one.
  const season = seasonForSchedule(seasonsOf, input.startDate, named)
  if (season === null) {
    throw new ApiError(400, 'The league is not part of the season', { leagueId: 'Not in the season' })
  }
  if (input.gameDays.length === 0)
    throw new ApiError(400, 'Choose at least one game day', { gameDays: 'Choose at least one game day' })
  if (input.sameSlot && input.timeSlots.length === 0)
    throw new ApiError(400, 'Add at least one time slot', { timeSlots: 'Add at least one time slot' })
  return { ...input, seasonId: season }
}

/**
 * A schedule with the generator's input as it stands (teams, nights, week-offs, kept games), read
 * in one round trip: the teams and week-offs through the schedule's season and league as SQL.
 */
export async function schedulePlan(c: Context<AppEnv>, orgId: number, scheduleId: number) {
  const db = c.var.db
  const scope = scheduleScope(orgId, scheduleId)
  const [rows, slots, teamRows, existing, offs] = await db.batch([
    ...scheduleQueries(db, orgId, scheduleId),
    teamsOfSchedule(db, orgId, scope.seasonId, scope.leagueId),
    gamesOfSchedule(db, orgId, scheduleId),
    weekOffsOf(db, orgId, scope.seasonId, scope.leagueId),
  ])
  const schedule = toSchedule(rows, slots)
  if (!schedule) throw notFound('Schedule')
  const offDates = new Set(offs.map((o) => o.date))
  const nights = nightsOf(schedule)
  const kept = existing.filter((g) => g.locked || Number(g.played) === 1)
  const input: ScheduleInput = {
    teams: teamRows.map((t) => ({ id: t.id, name: t.name, unavailableSlots: t.unavailableSlots })),
    weeks: nights.map((n) => ({ index: n.index, date: n.date, slots: n.slots, off: offDates.has(n.date) })),
    fixed: kept
      .filter((g) => g.weekIndex !== null && g.time)
      .map((g) => ({ weekIndex: g.weekIndex as number, time: g.time as string, homeId: g.team1Id, awayId: g.team2Id })),
    seed: schedule.seed,
  }
  return { schedule, input, existing, kept }
}

export const schedulesRoutes = new Hono<AppEnv>()
  .get(
    '/',
    answers("The organization's schedules, of one league or all", { 200: scheduleList }),
    validate('query', z.object({ leagueId: id.optional() })),
    async (c) => {
      const orgId = writerOrgId(c)
      return c.json({ schedules: await listSchedules(c.var.db, orgId, c.req.valid('query').leagueId) })
    },
  )
  .post('/', answers('Create a schedule', { 201: oneSchedule }), validate('json', scheduleBody), async (c) => {
    const orgId = writerOrgId(c)
    const fields = await fieldsFrom(c, orgId, c.req.valid('json'))
    const scheduleId = await createSchedule(c.var.db, orgId, fields)
    return c.json({ schedule: scheduleJson(await schedules.of(c, orgId, scheduleId)) }, 201)
  })
  .get(
    '/:id',
    answers('A schedule, what regenerating it would do, and its teams', { 200: scheduleDetail }),
    validate('param', z.object({ id })),
    async (c) => {
      const orgId = writerOrgId(c)
      const { schedule, input, existing, kept } = await schedulePlan(c, orgId, c.req.valid('param').id)
      return c.json({
        schedule: scheduleJson(schedule),
        // What a regeneration would do, for the builder's confirmation (docs/reference/schedule-builder.md).
        plan: { games: existing.length, kept: kept.length, replaced: existing.length - kept.length },
        teams: input.teams,
      })
    },
  )
  .get(
    '/:id/fairness',
    answers("The fairness of a schedule's games", { 200: z.object({ fairness: fairnessReport }) }),
    validate('param', z.object({ id })),
    async (c) => {
      const orgId = writerOrgId(c)
      const { input, existing } = await schedulePlan(c, orgId, c.req.valid('param').id)
      const games = existing
        .filter((g) => g.weekIndex !== null && g.time)
        .map((g) => ({ weekIndex: g.weekIndex as number, time: g.time as string, homeId: g.team1Id, awayId: g.team2Id }))
      return c.json({ fairness: measure(input, games) })
    },
  )
  // The schedule as a RobinX instance and solution, re-checked by the validator (docs/robinx.md).
  .get(
    '/:id/robinx',
    answers("A schedule as a RobinX instance and solution (XML), and the validator's report", {
      200: z.object({
        instance: z.string(),
        solution: z.string(),
        report: z.object({
          violations: z.array(
            z.object({ rule: z.string(), type: z.enum(['HARD', 'SOFT']), penalty: z.number(), message: z.string() }),
          ),
          objective: z.number(),
          notChecked: z.record(z.string(), z.number()),
          games: z.number().int(),
        }),
      }),
    }),
    validate('param', z.object({ id })),
    async (c) => {
      const orgId = writerOrgId(c)
      const { schedule, input, existing } = await schedulePlan(c, orgId, c.req.valid('param').id)
      const rows = await constraintRowsQuery(
        c.var.db,
        orgId,
        input.teams.map((t) => t.id),
      )
      // A night's cells are the schedule's times and the times its games start at: games generated on
      // courts start at the courts' hours (docs/robinx.md). Games on no night of the schedule are left out.
      const nights = new Set(input.weeks.filter((w) => !w.off).map((w) => w.index))
      const onNights = existing.filter((g) => g.weekIndex !== null && g.time && nights.has(g.weekIndex))
      const weeks = input.weeks.map((w) => ({
        ...w,
        slots: w.off
          ? w.slots
          : [...new Set([...w.slots, ...onNights.filter((g) => g.weekIndex === w.index).map((g) => g.time as string)])].sort(),
      }))
      const games = onNights.map((g) => ({
        weekIndex: g.weekIndex as number,
        time: g.time as string,
        homeId: g.team1Id,
        awayId: g.team2Id,
      }))
      // Every team constraint the product uses: blackouts (hard) and requests (soft), docs/robinx.md.
      const teams = input.teams.map((t) => {
        const mine = rows.filter((r) => r.teamId === t.id)
        return {
          id: t.id,
          name: t.name ?? `Team ${t.id}`,
          unavailableSlots: t.unavailableSlots,
          blackoutDates: mine.filter((r) => r.kind === 'blackout').map((r) => r.date ?? ''),
          requests: mine.flatMap((r) => (r.kind === 'blackout' ? [] : [{ kind: r.kind, time: r.time }])),
        }
      })
      const known = new Set(teams.map((t) => t.id))
      const xml = exportRobinx({
        name: schedule.name,
        teams,
        weeks,
        games: games.filter((g) => known.has(g.homeId) && known.has(g.awayId)),
      })
      return c.json({ ...xml, report: validateRobinx(xml.instance, xml.solution) })
    },
  )
  .put(
    '/:id',
    answers('Change a schedule', { 200: oneSchedule }),
    validate('param', z.object({ id })),
    validate('json', scheduleChanges),
    async (c) => {
      const input = c.req.valid('json')
      const { orgId, row: schedule } = await schedules.toEdit(c, c.req.valid('param').id, input.version)
      const current = scheduleJson(schedule)
      const merged = scheduleBody.parse({
        ...current,
        ...input,
        leagueId: schedule.leagueId,
        season_id: schedule.seasonId ?? undefined,
      })
      await updateSchedule(c.var.db, orgId, schedule.id, await fieldsFrom(c, orgId, merged, schedule.seasonId ?? undefined))
      return c.json({ schedule: scheduleJson(await schedules.of(c, orgId, schedule.id)) })
    },
  )
  .delete('/:id', answers('Delete a schedule', { 204: null }), validate('param', z.object({ id })), async (c) => {
    const { orgId, row: schedule } = await schedules.toWrite(c, c.req.valid('param').id)
    await deleteSchedule(c.var.db, orgId, schedule.id)
    return c.body(null, 204)
  })

/** The builder's game calls under /api/games (docs/reference/league-admin.md §7). */
export const scheduleGamesRoutes = new Hono<AppEnv>()
  .post(
    '/generate-full-schedule',
    answers("Generate a schedule's games, keeping played and locked ones", { 200: generated }),
    validate('json', z.object({ scheduleId: id })),
    async (c) => {
      const orgId = writerOrgId(c)
      const { schedule, input, existing, kept } = await schedulePlan(c, orgId, c.req.valid('json').scheduleId)
      if (input.teams.length < 2) throw new ApiError(400, 'The league needs at least two teams to schedule')
      // The plan is made from the games read above: if any changed before the batch that writes it
      // runs (a score saved, a game locked or edited), nothing is written (docs/api-concurrency.md).
      c.var.guards.add({
        ...planChangedGuard(
          orgId,
          schedule.id,
          existing,
          kept.map((g) => g.id),
        ),
        conflict: async () => {
          const changed = await changedSinceRead(c.var.db, orgId, schedule.id, existing)
          const names = new Map(input.teams.map((t) => [t.id, t.name]))
          const first = changed[0]
          const which = first
            ? `${names.get(first.team1Id) ?? 'A team'} vs ${names.get(first.team2Id) ?? 'a team'}${first.date ? ` on ${first.date}` : ''}`
            : 'A game of this schedule'
          // In another language the game is written whole from its teams and day (docs/languages.md).
          const game: Translation = first
            ? say('changedGame', {
                home: names.get(first.team1Id) ?? say('aTeam'),
                away: names.get(first.team2Id) ?? say('aTeam'),
                date: first.date ? { localDate: first.date } : 'none',
              })
            : { key: 'api.schedule.aGameOfIt' }
          const others = changed.length - 1
          return new ApiError(
            409,
            `${which}${changed.length > 1 ? ` and ${plural(changed.length - 1, 'other game')}` : ''} changed while the schedule was being generated (a score, a lock or an edit). Nothing was replaced — generate again to keep it.`,
          ).translated({
            key: `api.schedule.changedWhileGenerating${others === 0 ? '' : others === 1 ? 'One' : 'Many'}`,
            values: { game, count: String(others) },
          })
        },
      })
      const result = generateSchedule(input)
      if (!result.ok) {
        // Never drops a game silently: say what blocks it, and leave the schedule as it was. In the
        // request's language, each sentence written whole from its values (docs/languages.md).
        const language = await requestLanguage(c)
        const { words } = result
        let conflicts = result.conflicts
        if (language !== SOURCE_LANGUAGE && words) {
          const { t } = await serverWords(c, language)
          conflicts = conflicts.map((conflict, i) => {
            const said = words.conflicts[i]
            return said ? { ...conflict, message: writeTranslation(language, said, t) } : conflict
          })
        }
        const refusal = new ApiError(409, result.message, undefined, undefined, { conflicts })
        throw words ? refusal.translated(words.message) : refusal
      }
      const link = await getSeasonLeague(c.var.db, orgId, schedule.seasonId ?? -1, schedule.leagueId)
      const planned = result.games.filter((g) => !g.fixed)
      await replacePlan(
        c.var.db,
        orgId,
        schedule,
        link?.id ?? null,
        kept.map((g) => g.id),
        planned,
        result.byes,
        null,
        await orgTimeZone(c, orgId),
      )
      const open = result.openSlots.length
      // Never silent: the slots left open (an extra double-header would have unbalanced the season) are counted.
      // In the language the request asks for (docs/decisions/2026-11-28-server-language.md); counts as written, never grouped.
      const { t } = await serverWords(c, await requestLanguage(c))
      const message = t('server.schedule.generated', {
        games: planned.length,
        gamesText: String(planned.length),
        kept: kept.length,
        keptText: String(kept.length),
        open,
        openText: String(open),
      })
      return c.json({ message, fairness: result.fairness, openSlots: result.openSlots })
    },
  )
  .get(
    '/weekly-games',
    answers("One night's games of a schedule", { 200: gameList }),
    validate('query', weekQuery),
    async (c) => {
      const { scheduleId, weekIndex } = c.req.valid('query')
      const { orgId, row: schedule } = await schedules.toWrite(c, scheduleId)
      const all = await listGames(c.var.db, orgId, { seasonId: schedule.seasonId ?? undefined, leagueId: schedule.leagueId })
      return c.json({ games: all.filter((g) => g.schedule_id === schedule.id && g.week_index === weekIndex) })
    },
  )
  .get(
    '/weekly-byes',
    answers("One night's byes of a schedule", { 200: weeklyByes }),
    validate('query', weekQuery),
    async (c) => {
      const { scheduleId, weekIndex } = c.req.valid('query')
      const { orgId, row: schedule } = await schedules.toWrite(c, scheduleId)
      const rows = await byesOfSchedule(c.var.db, orgId, schedule.id, weekIndex)
      return c.json({
        byes: rows.map((b) => ({ id: b.id, teamId: b.teamId, team: { id: b.teamId, name: b.teamName }, date: b.date })),
      })
    },
  )
  .put(
    '/swap',
    answers("Swap two games' matchups", { 200: swapped }),
    validate('json', z.object({ gameId1: id, gameId2: id })),
    async (c) => {
      const orgId = writerOrgId(c)
      const { gameId1, gameId2 } = c.req.valid('json')
      if (gameId1 === gameId2) throw new ApiError(400, 'Choose two different games to swap')
      const rows = await gamesByIds(c.var.db, orgId, [gameId1, gameId2])
      const a = rows.find((g) => g.id === gameId1)
      const b = rows.find((g) => g.id === gameId2)
      if (!a || !b) throw new ApiError(404, 'Game not found')
      if (!a.scheduleId || a.scheduleId !== b.scheduleId) throw new ApiError(400, 'Both games must belong to the same schedule')
      if (a.locked || b.locked || Number(a.played) || Number(b.played)) {
        throw new ApiError(409, 'Played or locked games cannot be swapped')
      }
      const { input, existing } = await schedulePlan(c, orgId, a.scheduleId)
      // Decided inside the swap's batch: neither game may have changed, been scored or locked since read.
      c.var.guards.add({
        ...swapChangedGuard(orgId, [a, b]),
        conflict: async () =>
          new ApiError(
            409,
            'One of these games changed while you were swapping (a score, a lock or an edit). Reload the schedule.',
          ),
      })
      const asPlan = (swap: boolean) =>
        existing
          .filter((g) => g.weekIndex !== null && g.time)
          .map((g) => {
            const source = swap && g.id === a.id ? b : swap && g.id === b.id ? a : g
            return { weekIndex: g.weekIndex as number, time: g.time as string, homeId: source.team1Id, awayId: source.team2Id }
          })
      const before = new Set(hardViolations(input, asPlan(false)).map((v) => v.message))
      const introduced = hardViolations(input, asPlan(true)).filter((v) => !before.has(v.message) && v.rule !== 'lost-game')
      const [refusal] = introduced
      if (refusal)
        throw new ApiError(409, `Swap refused: ${refusal.message}`).translated({
          key: 'api.schedule.swapRefused',
          values: { reason: violationWords(input, refusal) },
        })
      await swapMatchups(c.var.db, orgId, a, b)
      const { t } = await serverWords(c, await requestLanguage(c))
      return c.json({
        message: t('server.schedule.swapped'),
        games: (await inOneTrip(c.var.db, (db) => Promise.all([gameDetail(db, orgId, a.id), gameDetail(db, orgId, b.id)]))).map(
          (detail) => detail?.game,
        ),
      })
    },
  )
