import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { FairnessReport } from '../../../../worker/domain/scheduler/types'
import { api, staleConflict } from '../../lib/api-client'

export type { FairnessReport }

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export interface BuilderSeason {
  id: number
  name: string
  active: boolean
}

export interface BuilderLeague {
  id: number
  name: string
}

/** One playing night of a schedule; `index` is the API's weekIndex. */
export interface Night {
  index: number
  week: number
  date: string
  slots: string[]
}

/** docs/reference/league-admin.md §3 Schedule, as GET /api/schedules answers it. */
export interface Schedule {
  id: number
  /** Send back with an edit (docs/api-concurrency.md). */
  version: number
  name: string
  leagueId: number
  season_id: number | null
  startDate: string
  numWeeks: number
  gameDays: Weekday[]
  sameSlot: boolean
  timeSlots: string[]
  weeklyTimeSlots: string[][]
  weeklyDates: string[]
  nights: Night[]
}

export interface ScheduleInput {
  name: string
  leagueId: number
  season_id: number
  startDate: string
  numWeeks: number
  gameDays: Weekday[]
  sameSlot: boolean
  timeSlots: string[]
  weeklyTimeSlots: string[][]
}

export type ScheduleChanges = Partial<Pick<ScheduleInput, 'name' | 'startDate' | 'numWeeks'>>

/** What a regeneration would do (GET /api/schedules/{id}): games now, kept (played or locked), replaced. */
export interface SchedulePlan {
  games: number
  kept: number
  replaced: number
}

export interface ScheduleTeam {
  id: number
  name?: string
  unavailableSlots: string[]
}

export interface ScheduleDetail {
  schedule: Schedule
  plan: SchedulePlan
  teams: ScheduleTeam[]
}

/** A game as GET /api/games lists it; team1 is home, team2 away. */
export interface BuilderGame {
  id: number
  schedule_id: number | null
  week_index: number | null
  date: string | null
  time: string | null
  status: string | null
  score_team1: number | null
  score_team2: number | null
  homeTeam: { id: number; name: string }
  awayTeam: { id: number; name: string }
  locked: boolean
}

/** GET /api/bye-dates/public: the teams on bye in one league on one date. */
export interface ByeDate {
  id: number
  date: string
  league_id: number
  teams: { id: number; name: string }[]
}

export interface WeekOff {
  id: number
  date: string
  reason: string | null
  season_id: number
  league_id: number
}

export interface LeagueTeam {
  id: number
  name: string
  unavailableSlots: string[] | null
}

/** A slot the generator left without a game, and why (worker/domain/scheduler OpenSlot). */
export interface OpenSlot {
  weekIndex: number
  date: string
  time: string
  reason: string
}

export interface GenerateResult {
  message?: string
  fairness?: FairnessReport
  openSlots?: OpenSlot[]
}

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
export const useLeagues = (seasonId: number | null) =>
  useQuery({
    queryKey: builderKeys.leagues(seasonId ?? 0),
    queryFn: () => fetchLeagues(seasonId as number),
    enabled: enabledId(seasonId),
  })
export const useSchedules = (leagueId: number | null) =>
  useQuery({
    queryKey: builderKeys.schedules(leagueId ?? 0),
    queryFn: () => fetchSchedules(leagueId as number),
    enabled: enabledId(leagueId),
  })
export const useScheduleDetail = (scheduleId: number) =>
  useQuery({ queryKey: builderKeys.detail(scheduleId), queryFn: () => fetchScheduleDetail(scheduleId) })
export const useFairness = (scheduleId: number) =>
  useQuery({ queryKey: builderKeys.fairness(scheduleId), queryFn: () => fetchFairness(scheduleId) })
export const useLeagueGames = (seasonId: number | null, leagueId: number | null) =>
  useQuery({
    queryKey: builderKeys.games(seasonId ?? 0, leagueId ?? 0),
    queryFn: () => fetchLeagueGames(seasonId as number, leagueId as number),
    enabled: enabledId(seasonId) && enabledId(leagueId),
  })
export const useSeasonByes = (seasonId: number | null) =>
  useQuery({
    queryKey: builderKeys.byes(seasonId ?? 0),
    queryFn: () => fetchSeasonByes(seasonId as number),
    enabled: enabledId(seasonId),
  })
export const useWeekOffs = (seasonId: number | null, leagueId: number | null) =>
  useQuery({
    queryKey: builderKeys.weekOffs(seasonId ?? 0, leagueId ?? 0),
    queryFn: () => fetchWeekOffs(seasonId as number, leagueId as number),
    enabled: enabledId(seasonId) && enabledId(leagueId),
  })
export const useLeagueTeams = (leagueId: number | null) =>
  useQuery({
    queryKey: builderKeys.teams(leagueId ?? 0),
    queryFn: () => fetchLeagueTeams(leagueId as number),
    enabled: enabledId(leagueId),
  })

/**
 * Schedule, game and team writes change the builder's tables, fairness and counts, and the games
 * other screens list (the admin and public schedules, team pages): refresh all of them.
 */
function useInvalidateBuilder() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [builderKeys.all, ['schedule'], ['games'], ['teams']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
}

export function useCreateSchedule() {
  const invalidate = useInvalidateBuilder()
  return useMutation({
    mutationFn: (input: ScheduleInput) => api.post<{ schedule: Schedule }>('/api/schedules', input).then((b) => b.schedule),
    onSuccess: invalidate,
  })
}

export function useUpdateSchedule() {
  const invalidate = useInvalidateBuilder()
  return useMutation({
    mutationFn: ({ id, changes, version }: { id: number; changes: ScheduleChanges; version?: number }) =>
      api.put<{ schedule: Schedule }>(`/api/schedules/${id}`, { ...changes, version }).then((b) => b.schedule),
    onSuccess: invalidate,
    // Someone saved first (409 with the current state): show the current values behind the message.
    onError: (error) => {
      if (staleConflict(error)) void invalidate()
    },
  })
}

export function useDeleteSchedule() {
  const invalidate = useInvalidateBuilder()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/schedules/${id}`),
    onSuccess: invalidate,
  })
}

/** 409 answers carry the server's message naming the teams, dates and slots that block it. */
export function useGenerateSchedule() {
  const invalidate = useInvalidateBuilder()
  return useMutation({
    mutationFn: (scheduleId: number) => api.post<GenerateResult>('/api/games/generate-full-schedule', { scheduleId }),
    onSuccess: invalidate,
  })
}

export function useSwapGames() {
  const invalidate = useInvalidateBuilder()
  return useMutation({
    mutationFn: ({ gameId1, gameId2 }: { gameId1: number; gameId2: number }) =>
      api.put<{ message?: string }>('/api/games/swap', { gameId1, gameId2 }),
    onSuccess: invalidate,
  })
}

export function useLockGame() {
  const invalidate = useInvalidateBuilder()
  return useMutation({
    mutationFn: ({ gameId, locked }: { gameId: number; locked: boolean }) => api.put(`/api/games/${gameId}`, { locked }),
    onSuccess: invalidate,
  })
}

export function useUpdateUnavailableSlots() {
  const invalidate = useInvalidateBuilder()
  return useMutation({
    mutationFn: ({ teamId, unavailableSlots }: { teamId: number; unavailableSlots: string[] }) =>
      api.put<{ team: LeagueTeam }>(`/api/teams/${teamId}`, { unavailableSlots: unavailableSlots.join(', ') }),
    onSuccess: invalidate,
  })
}

export function useAddWeekOff() {
  const invalidate = useInvalidateBuilder()
  return useMutation({
    mutationFn: (input: { season_id: number; league_id: number; date: string; reason: string }) =>
      api.post<{ weekOff: WeekOff; gamesOnDate: number }>('/api/week-offs', input),
    onSuccess: invalidate,
  })
}

export function useDeleteWeekOff() {
  const invalidate = useInvalidateBuilder()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/week-offs/${id}`),
    onSuccess: invalidate,
  })
}
