import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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
import { api, staleConflict } from '../../lib/api-client'

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
      api.put<z.output<typeof swapped>>('/api/games/swap', { gameId1, gameId2 }),
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
    mutationFn: (input: z.input<typeof newWeekOff>) => api.post<z.output<typeof newWeekOffAnswer>>('/api/week-offs', input),
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
