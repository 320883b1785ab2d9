import { type QueryKey, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ByeDate, Game, newWeekOff, newWeekOffAnswer, WeekOff } from '../../../../worker/contract/games'
import type {
  FairnessReport,
  generated,
  Night,
  OpenSlot,
  Schedule,
  ScheduleDetail,
  ScheduleTeam,
  scheduleBody,
  scheduleChanges,
  swapped,
} from '../../../../worker/contract/schedules'
import type { Season, SeasonLeague } from '../../../../worker/contract/seasons'
import type { Team } from '../../../../worker/contract/teams'
import { api } from '../../lib/api-client'
import { areaWrites } from '../../lib/area-writes'

// The wire types are the worker's answer and request schemas (worker/contract/schedules.ts, games.ts).
export type { ByeDate, FairnessReport, Night, OpenSlot, Schedule, ScheduleDetail, ScheduleTeam, WeekOff }

/** POST /api/schedules. */
export type ScheduleInput = z.input<typeof scheduleBody>
/** PUT /api/schedules/{id}: the Edit Schedule form's fields. */
export type ScheduleChanges = Pick<z.input<typeof scheduleChanges>, 'name' | 'startDate' | 'numWeeks'>
/** What a regeneration would do (GET /api/schedules/{id}): games now, kept (played or locked), replaced. */
export type SchedulePlan = ScheduleDetail['plan']
/** What generating writes; a 409 instead names what blocks it. */
export type GenerateResult = z.output<typeof generated>

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export type BuilderSeason = Season
export type BuilderLeague = SeasonLeague

/** A game as the builder reads GET /api/games; team1 is home, team2 away. */
export type BuilderGame = Pick<
  Game,
  | 'id'
  | 'schedule_id'
  | 'week_index'
  | 'date'
  | 'time'
  | 'status'
  | 'score_team1'
  | 'score_team2'
  | 'homeTeam'
  | 'awayTeam'
  | 'locked'
>

/** A team of GET /api/teams/teamsByLeague, as the builder's slot settings read it. */
export type LeagueTeam = Pick<Team, 'id' | 'name' | 'unavailableSlots'>

export const builderKeys = {
  all: ['schedule-builder'] as const,
  seasons: ['schedule-builder', 'seasons'] as const,
  leagues: (seasonId: number) => ['schedule-builder', 'leagues', seasonId] as const,
  schedules: (leagueId: number) => ['schedule-builder', 'schedules', leagueId] as const,
  detail: (scheduleId: number) => ['schedule-builder', 'detail', scheduleId] as const,
  fairness: (scheduleId: number) => ['schedule-builder', 'fairness', scheduleId] as const,
  games: (seasonId: number, leagueId: number) => ['schedule-builder', 'games', seasonId, leagueId] as const,
  byes: (seasonId: number) => ['schedule-builder', 'byes', seasonId] as const,
  weekOffs: (seasonId: number, leagueId: number) => ['schedule-builder', 'week-offs', seasonId, leagueId] as const,
  teams: (leagueId: number) => ['schedule-builder', 'teams', leagueId] as const,
}

export const fetchSeasons = () => api.get<{ seasons: BuilderSeason[] }>('/api/seasonsv2').then((b) => b.seasons)
export const fetchLeagues = (seasonId: number) =>
  api.get<{ leagues: BuilderLeague[] }>(`/api/seasonsv2/${seasonId}/leagues`).then((b) => b.leagues)
export const fetchSchedules = (leagueId: number) =>
  api.get<{ schedules: Schedule[] }>('/api/schedules', { leagueId }).then((b) => b.schedules)
export const fetchScheduleDetail = (scheduleId: number) => api.get<ScheduleDetail>(`/api/schedules/${scheduleId}`)
export const fetchFairness = (scheduleId: number) =>
  api.get<{ fairness: FairnessReport }>(`/api/schedules/${scheduleId}/fairness`).then((b) => b.fairness)
// Decision: the tables read the league's games and byes of the season in one call each and split
// them by schedule and night here, rather than two calls (weekly-games, weekly-byes) per night.
export const fetchLeagueGames = (seasonId: number, leagueId: number) =>
  api.get<{ games: BuilderGame[] }>('/api/games', { seasonId, leagueId }).then((b) => b.games)
export const fetchSeasonByes = (seasonId: number) =>
  api.get<{ byes: ByeDate[] }>('/api/bye-dates/public', { seasonId }).then((b) => b.byes)
export const fetchWeekOffs = (seasonId: number, leagueId: number) =>
  api.get<{ weekOffs: WeekOff[] }>('/api/week-offs', { seasonId, leagueId }).then((b) => b.weekOffs)
export const fetchLeagueTeams = (leagueId: number) =>
  api.get<{ teams: LeagueTeam[] }>('/api/teams/teamsByLeague', { leagueId }).then((b) => b.teams)

const enabledId = (id: number | null | undefined): id is number => typeof id === 'number' && id > 0

export const useSeasons = () => useQuery({ queryKey: builderKeys.seasons, queryFn: fetchSeasons })
/** A query of the chosen season or league (or both): it waits until each is chosen (0 in the key till then). */
function useChosenQuery<Ids extends number[], Data>(
  key: (...ids: Ids) => QueryKey,
  fetch: (...ids: Ids) => Promise<Data>,
  ...ids: { [I in keyof Ids]: number | null }
) {
  return useQuery({
    queryKey: key(...(ids.map((id) => id ?? 0) as Ids)),
    queryFn: () => fetch(...(ids as Ids)),
    enabled: ids.every(enabledId),
  })
}

export const useLeagues = (seasonId: number | null) => useChosenQuery(builderKeys.leagues, fetchLeagues, seasonId)
export const useSchedules = (leagueId: number | null) => useChosenQuery(builderKeys.schedules, fetchSchedules, leagueId)
export const useScheduleDetail = (scheduleId: number) =>
  useQuery({ queryKey: builderKeys.detail(scheduleId), queryFn: () => fetchScheduleDetail(scheduleId) })
export const useFairness = (scheduleId: number) =>
  useQuery({ queryKey: builderKeys.fairness(scheduleId), queryFn: () => fetchFairness(scheduleId) })
export const useLeagueGames = (seasonId: number | null, leagueId: number | null) =>
  useChosenQuery(builderKeys.games, fetchLeagueGames, seasonId, leagueId)
export const useSeasonByes = (seasonId: number | null) => useChosenQuery(builderKeys.byes, fetchSeasonByes, seasonId)
export const useWeekOffs = (seasonId: number | null, leagueId: number | null) =>
  useChosenQuery(builderKeys.weekOffs, fetchWeekOffs, seasonId, leagueId)
export const useLeagueTeams = (leagueId: number | null) => useChosenQuery(builderKeys.teams, fetchLeagueTeams, leagueId)

/**
 * Schedule, game and team writes change the builder's tables, fairness and counts, and the games
 * other screens list (the admin and public schedules, team pages): refresh all of them.
 */
const useBuilderWrite = areaWrites((queryClient) =>
  Promise.all(
    [builderKeys.all, ['schedule'], ['games'], ['teams']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ),
)

export const useCreateSchedule = () =>
  useBuilderWrite((input: ScheduleInput) => api.post<{ schedule: Schedule }>('/api/schedules', input).then((b) => b.schedule))

export const useUpdateSchedule = () =>
  useBuilderWrite(
    ({ id, changes, version }: { id: number; changes: ScheduleChanges; version?: number }) =>
      api.put<{ schedule: Schedule }>(`/api/schedules/${id}`, { ...changes, version }).then((b) => b.schedule),
    { refreshOnConflict: true },
  )

export const useDeleteSchedule = () => useBuilderWrite((id: number) => api.delete(`/api/schedules/${id}`))

/** 409 answers carry the server's message naming the teams, dates and slots that block it. */
export const useGenerateSchedule = () =>
  useBuilderWrite((scheduleId: number) => api.post<GenerateResult>('/api/games/generate-full-schedule', { scheduleId }))

export const useSwapGames = () =>
  useBuilderWrite(({ gameId1, gameId2 }: { gameId1: number; gameId2: number }) =>
    api.put<z.output<typeof swapped>>('/api/games/swap', { gameId1, gameId2 }),
  )

export const useLockGame = () =>
  useBuilderWrite(({ gameId, locked }: { gameId: number; locked: boolean }) => api.put(`/api/games/${gameId}`, { locked }))

export const useUpdateUnavailableSlots = () =>
  useBuilderWrite(({ teamId, unavailableSlots }: { teamId: number; unavailableSlots: string[] }) =>
    api.put<{ team: LeagueTeam }>(`/api/teams/${teamId}`, { unavailableSlots: unavailableSlots.join(', ') }),
  )

export const useAddWeekOff = () =>
  useBuilderWrite((input: z.input<typeof newWeekOff>) => api.post<z.output<typeof newWeekOffAnswer>>('/api/week-offs', input))

export const useDeleteWeekOff = () => useBuilderWrite((id: number) => api.delete(`/api/week-offs/${id}`))
