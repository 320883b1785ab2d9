// Schedules on courts (docs/reference/schedule-builder.md §7, docs/venues.md): generate a schedule's
// games into the courts of the organization's venues, with the teams' blackouts and requests, and
// re-plan a night a closure cancelled. Staff and owners of the organization, as every builder call.
import { and, eq, sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  courtsGenerated,
  generateOnCourtsInput,
  type MoveJson,
  type ReplanProposal,
  replanProposal,
  replanPublish,
  replanPublished,
  replanQuery,
  type SlotJson,
} from '../contract/court-schedules'
import { planChangedGuard, replacePlan } from '../db/queries/schedules'
import { getSeasonLeague } from '../db/queries/seasons'
import { isPlayedGame } from '../db/queries/shared'
import { constraintRowsQuery, type TeamConstraintRow } from '../db/queries/team-constraints'
import { type VenueWhole, venueReads, wholeVenues } from '../db/queries/venues'
import { games } from '../db/schema'
import {
  type BlackoutInfo,
  type ClosureInfo,
  type CourtGame,
  type CourtInfo,
  generateOnCourts,
  openSlots,
  replanClosed,
  type Slot,
  type TeamRequestInfo,
} from '../domain/scheduler/courts'
import { gameInstant } from '../domain/time'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'
import { answers } from '../lib/openapi'
import { id, validate } from '../lib/validate'
import { orgTimeZone } from '../lib/zone'
import { writerOrgId } from '../middleware/tenant'
import { schedulePlan } from './schedules'

type Reads = Parameters<typeof wholeVenues>[0]

/** The schedule, its plan, the venues (courts, closures) and its teams' constraints: two round trips. */
async function courtPlan(c: Context<AppEnv>, orgId: number, scheduleId: number) {
  const plan = await schedulePlan(c, orgId, scheduleId)
  const teamIds = plan.input.teams.map((t) => t.id)
  const db = c.var.db
  const read = await db.batch([
    ...venueReads(db, orgId),
    constraintRowsQuery(db, orgId, teamIds),
    scheduleGames(c, orgId, scheduleId),
  ])
  const venues = wholeVenues(read.slice(0, 4) as unknown as Reads)
  const rows = read[4] as TeamConstraintRow[]
  const current = read[5] as Awaited<ReturnType<typeof scheduleGames>>
  return { ...plan, venues, rows, current }
}

/** The schedule's games with where they are played and whether they are kept (played or locked). */
function scheduleGames(c: Context<AppEnv>, orgId: number, scheduleId: number) {
  return c.var.db
    .select({
      id: games.id,
      version: games.version,
      homeId: games.team1Id,
      awayId: games.team2Id,
      date: games.date,
      time: games.time,
      venueId: games.venueId,
      courtId: games.courtId,
      kept: sql<number>`(${games.locked} OR ${isPlayedGame})`,
    })
    .from(games)
    .where(and(eq(games.organizationId, orgId), eq(games.scheduleId, scheduleId)))
}

function courtsOf(venues: VenueWhole[], venueIds?: number[]): CourtInfo[] {
  return venues
    .filter((v) => !venueIds || venueIds.includes(v.venue.id))
    .flatMap((v) => v.courts.map((k) => ({ id: k.id, venueId: v.venue.id, hours: k.hours as CourtInfo['hours'] })))
}

const closuresOf = (venues: VenueWhole[]): ClosureInfo[] =>
  venues.flatMap((v) =>
    v.closures.map((k) => ({ venueId: v.venue.id, courtId: k.courtId, date: k.date, from: k.fromTime, to: k.toTime })),
  )

function constraintsOf(rows: TeamConstraintRow[]) {
  const blackouts: BlackoutInfo[] = []
  const requests: TeamRequestInfo[] = []
  for (const r of rows) {
    if (r.kind === 'blackout') blackouts.push({ teamId: r.teamId, date: r.date ?? '', reason: r.reason })
    else requests.push({ teamId: r.teamId, kind: r.kind, time: r.time, venueId: r.venueId, reason: r.reason })
  }
  return { blackouts, requests }
}

/** Names for the answer: teams, courts and venues. */
function namer(teams: { id: number; name?: string }[], venues: VenueWhole[]) {
  const teamName = new Map(teams.map((t) => [t.id, t.name ?? `#${t.id}`]))
  const court = new Map(venues.flatMap((v) => v.courts.map((k) => [k.id, { court: k.name, venue: v.venue }] as const)))
  const team = (teamId: number) => ({ id: teamId, name: teamName.get(teamId) ?? `#${teamId}` })
  const slot = (s: Slot): SlotJson => {
    const where = court.get(s.courtId)
    return {
      date: s.date,
      time: s.time,
      courtId: s.courtId,
      court: where?.court ?? '',
      venueId: s.venueId,
      venue: where?.venue.name ?? '',
    }
  }
  const gameAt = (g: CourtGame) => ({ home: team(g.homeId), away: team(g.awayId), slot: slot(g) })
  return { team, slot, gameAt }
}

/** The re-plan of the schedule as it is now, with a make-up date when the staff give one. */
async function proposal(c: Context<AppEnv>, orgId: number, scheduleId: number, makeUpDate?: string) {
  const plan = await courtPlan(c, orgId, scheduleId)
  const nights = plan.input.weeks.filter((w) => !w.off).map((w) => w.date)
  const dates = [...new Set([...nights, ...(makeUpDate ? [makeUpDate] : [])])].sort()
  const { blackouts, requests } = constraintsOf(plan.rows)
  const placed = plan.current.filter((g) => g.date && g.time && g.courtId && g.venueId)
  const result = replanClosed({
    games: placed.map((g) => ({
      id: g.id,
      date: g.date as string,
      time: g.time as string,
      courtId: g.courtId as number,
      venueId: g.venueId as number,
      homeId: g.homeId,
      awayId: g.awayId,
      fixed: Number(g.kept) === 1,
    })),
    dates,
    courts: courtsOf(plan.venues),
    closures: closuresOf(plan.venues),
    blackouts,
    requests,
  })
  const names = namer(plan.input.teams, plan.venues)
  const version = new Map(placed.map((g) => [g.id, g.version]))
  const answer: ReplanProposal = {
    cancelled: result.cancelled,
    moves: result.moves.map(
      (m): MoveJson => ({
        gameId: m.gameId,
        version: version.get(m.gameId) ?? 1,
        home: names.team(m.homeId),
        away: names.team(m.awayId),
        from: names.slot(m.from),
        to: names.slot(m.to),
        cancelled: m.cancelled,
      }),
    ),
    unplaced: result.unplaced.map((u) => ({
      gameId: u.gameId,
      home: names.team(u.homeId),
      away: names.team(u.awayId),
      from: names.slot(u.from),
    })),
    newHardViolations: result.newHardViolations,
  }
  return { plan, answer, weeks: plan.input.weeks }
}

const scheduleParam = z.object({ id })

export const courtScheduleRoutes = new Hono<AppEnv>()
  .post(
    '/:id{[0-9]+}/generate-on-courts',
    answers("Generate a schedule's games into the venues' courts, with the teams' blackouts and requests", {
      200: courtsGenerated,
    }),
    validate('param', scheduleParam),
    validate('json', generateOnCourtsInput),
    async (c) => {
      const orgId = writerOrgId(c)
      const plan = await courtPlan(c, orgId, c.req.valid('param').id)
      if (plan.input.teams.length < 2) throw new ApiError(400, 'The league needs at least two teams to schedule')
      const courts = courtsOf(plan.venues, c.req.valid('json').venueIds)
      if (courts.length === 0) throw new ApiError(400, 'Add a venue with courts first')
      const { blackouts, requests } = constraintsOf(plan.rows)
      const nights = plan.input.weeks.filter((w) => !w.off)
      // Played and locked games stay as they are; new games go only to nights after the last played
      // one (docs/decisions/2026-11-29-courts-around-kept-games.md).
      const kept = plan.current.filter((g) => Number(g.kept) === 1)
      const fixed: CourtGame[] = kept.map((g) => ({
        id: g.id,
        date: g.date ?? '',
        time: g.time ?? '',
        courtId: g.courtId ?? 0,
        venueId: g.venueId ?? 0,
        homeId: g.homeId,
        awayId: g.awayId,
      }))
      const playedDates = plan.kept.filter((g) => Number(g.played) === 1 && g.date).map((g) => g.date as string)
      const fillAfter = playedDates.length > 0 ? playedDates.sort()[playedDates.length - 1] : undefined
      const input = {
        teams: plan.input.teams,
        dates: nights.map((w) => w.date),
        courts,
        closures: closuresOf(plan.venues),
        blackouts,
        requests,
        fixed,
        fillAfter,
        // The teams' weekly unavailable times (the builder's), hard as for the one-night generator.
        unavailable: plan.input.teams.flatMap((t) => t.unavailableSlots.map((time) => ({ teamId: t.id, time }))),
      }
      // Infeasible only when the rest of the season has no free court at all.
      const taken = new Set(fixed.map((g) => `${g.date}|${g.time}|${g.courtId}`))
      const free = openSlots(input.dates, courts, input.closures).filter(
        (s) => (!fillAfter || s.date > fillAfter) && !taken.has(`${s.date}|${s.time}|${s.courtId}`),
      )
      if (free.length === 0)
        throw fillAfter
          ? new ApiError(
              409,
              `No night after the last played game (${fillAfter}) has a free court: add weeks to the schedule or courts to a venue`,
            ).translated({ key: 'api.courts.noFreeNight', values: { date: { localDate: fillAfter } } })
          : new ApiError(409, 'No night of the schedule has a free court: add weeks to the schedule or courts to a venue')
      // Made from the games read above: a game scored, locked or edited before the batch runs stops
      // it whole, as Generate Full Schedule's (docs/api-concurrency.md).
      c.var.guards.add({
        ...planChangedGuard(
          orgId,
          plan.schedule.id,
          plan.existing,
          kept.map((g) => g.id),
        ),
        conflict: async () =>
          new ApiError(
            409,
            'A game of this schedule changed while the schedule was being generated (a score, a lock or an edit). Nothing was replaced — generate again to keep it.',
          ).translated({
            key: 'api.schedule.changedWhileGenerating',
            values: { game: { key: 'api.schedule.aGameOfIt' }, count: '0' },
          }),
      })
      const result = generateOnCourts(input)
      const weekOf = new Map(nights.map((w) => [w.date, w.index]))
      const link = await getSeasonLeague(c.var.db, orgId, plan.schedule.seasonId ?? -1, plan.schedule.leagueId)
      await replacePlan(
        c.var.db,
        orgId,
        plan.schedule,
        link?.id ?? null,
        kept.map((g) => g.id),
        result.games.map((g) => ({ ...g, weekIndex: weekOf.get(g.date) ?? 0 })),
        [],
        null,
        await orgTimeZone(c, orgId),
      )
      const names = namer(plan.input.teams, plan.venues)
      return c.json({
        games: result.games.length,
        unmet: result.unmet.map((u) => ({
          team: names.team(u.teamId),
          kind: u.kind,
          reason: u.reason ?? null,
          game: names.gameAt(u.game),
          takenBy: u.takenBy
            ? { slot: names.slot(u.takenBy.slot), game: u.takenBy.game ? names.gameAt(u.takenBy.game) : null }
            : null,
        })),
        unplaced: result.unplaced.map((u) => ({ home: names.team(u.homeId), away: names.team(u.awayId) })),
        kept: kept.map((g, i) => ({
          gameId: g.id,
          home: names.team(g.homeId),
          away: names.team(g.awayId),
          date: g.date,
          time: g.time,
          slot: g.courtId && g.venueId && g.date && g.time ? names.slot(fixed[i] as CourtGame) : null,
        })),
      })
    },
  )
  .get(
    '/:id{[0-9]+}/replan',
    answers('A re-plan of the games closures cancelled: each game from → to, as few other games moved as can be', {
      200: replanProposal,
    }),
    validate('param', scheduleParam),
    validate('query', replanQuery),
    async (c) => {
      const orgId = writerOrgId(c)
      const { answer } = await proposal(c, orgId, c.req.valid('param').id, c.req.valid('query').makeUpDate)
      return c.json(answer)
    },
  )
  .post(
    '/:id{[0-9]+}/replan',
    answers('Publish a re-plan as proposed: every move in one batch (409 when the schedule changed since)', {
      200: replanPublished,
    }),
    validate('param', scheduleParam),
    validate('json', replanPublish),
    async (c) => {
      const orgId = writerOrgId(c)
      const body = c.req.valid('json')
      const { answer, weeks } = await proposal(c, orgId, c.req.valid('param').id, body.makeUpDate)
      const said = (m: { gameId: number; version: number; date: string; time: string; courtId: number }) =>
        `${m.gameId}|${m.version}|${m.date}|${m.time}|${m.courtId}`
      const now = answer.moves.map((m) => said({ gameId: m.gameId, version: m.version, ...m.to })).sort()
      const sent = body.moves.map(said).sort()
      if (now.join() !== sent.join())
        throw new ApiError(
          409,
          'The schedule changed since this re-plan was proposed. Review the new proposal and publish again.',
          undefined,
          undefined,
          {
            current: answer,
          },
        )
      // Decided inside the write too: a game changed between this read and the batch stops it whole.
      c.var.guards.add({
        changed: `(SELECT count(*) FROM games WHERE organization_id = ? AND id IN (SELECT json_extract(value, '$[0]') FROM json_each(?)) AND version = (SELECT json_extract(r.value, '$[1]') FROM json_each(?) r WHERE json_extract(r.value, '$[0]') = games.id)) <> ?`,
        params: [
          orgId,
          JSON.stringify(answer.moves.map((m) => [m.gameId, m.version])),
          JSON.stringify(answer.moves.map((m) => [m.gameId, m.version])),
          answer.moves.length,
        ],
        conflict: async () =>
          new ApiError(409, 'The schedule changed since this re-plan was proposed. Review the new proposal and publish again.'),
      })
      const zone = await orgTimeZone(c, orgId)
      const weekOf = new Map(weeks.map((w) => [w.date, w.index]))
      const db = c.var.db
      await db.batch(
        answer.moves.map((m) =>
          db
            .update(games)
            .set({
              date: m.to.date,
              time: m.to.time,
              venueId: m.to.venueId,
              courtId: m.to.courtId,
              gameDateTime: gameInstant(m.to.date, m.to.time, zone),
              weekIndex: weekOf.get(m.to.date) ?? null,
            })
            .where(and(eq(games.organizationId, orgId), eq(games.id, m.gameId))),
        ) as never,
      )
      return c.json({ moved: answer.moves.length })
    },
  )
