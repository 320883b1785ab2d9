import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { Player } from '../../../../worker/contract/players'
import type {
  existingRosterPlayer,
  leagueList,
  newRosterPlayer,
  newSeasonTeam,
  SeasonTeam,
  seasonTeamEdit,
} from '../../../../worker/contract/seasons'
import type { StandingRow } from '../../../../worker/contract/standings'
import type { RosterPlayer, Team, TeamOverview } from '../../../../worker/contract/teams'
import { api } from '../../lib/api-client'
import { areaWrites } from '../../lib/area-writes'

export type { SeasonTeam } from '../../../../worker/contract/seasons'
export type { StandingRow } from '../../../../worker/contract/standings'
export type { RosterPlayer, Team, TeamGame, TeamOverview } from '../../../../worker/contract/teams'

/** A player found by name (GET /api/playersv2?search=). */
export type PlayerMatch = Player

/** A league of the dashboard's list (GET /api/leagues). */
export type League = z.output<typeof leagueList>['leagues'][number]

export type NewSeasonTeamInput = z.input<typeof newSeasonTeam>
type SeasonTeamEdit = z.output<typeof seasonTeamEdit>
/** The edit form's values: the multipart fields of seasonTeamEdit (a null captain clears it) and the logo file. */
export type SeasonTeamChanges = Required<Pick<SeasonTeamEdit, 'name'>> & {
  captainId: Exclude<SeasonTeamEdit['captainId'], '' | undefined>
  logo: File | null
}
/** An existing player, or the multipart fields of a new one with the photo file. */
export type NewRosterPlayerInput =
  | z.input<typeof existingRosterPlayer>
  | (z.input<typeof newRosterPlayer> & { image: File | null })

export const teamKeys = {
  all: ['teams'] as const,
  seasonLeague: (seasonId: number, leagueId: number) => ['teams', 'season-league', seasonId, leagueId] as const,
  seasonTeam: (seasonId: number, leagueId: number, teamId: number) =>
    ['teams', 'season-league', seasonId, leagueId, 'team', teamId] as const,
  global: ['teams', 'global'] as const,
  overview: (id: number) => ['teams', 'overview', id] as const,
  leagues: ['teams', 'leagues'] as const,
  playerSearch: (search: string) => ['teams', 'player-search', search] as const,
}

const teamsPath = (seasonId: number, leagueId: number) => `/api/seasonsv2/${seasonId}/leagues/${leagueId}/teams`

export const fetchSeasonLeagueTeams = (seasonId: number, leagueId: number) =>
  api.get<{ teams: StandingRow[] }>(teamsPath(seasonId, leagueId)).then((b) => b.teams)
export const fetchSeasonTeam = (seasonId: number, leagueId: number, teamId: number) =>
  api.get<{ team: SeasonTeam }>(`${teamsPath(seasonId, leagueId)}/${teamId}`).then((b) => b.team)
export const fetchTeams = () => api.get<{ teams: Team[] }>('/api/teams').then((b) => b.teams)
export const fetchTeamOverview = (id: number) => api.get<{ team: TeamOverview }>(`/api/teamsv2/${id}`).then((b) => b.team)
export const fetchLeagues = () => api.get<{ leagues: League[] }>('/api/leagues').then((b) => b.leagues)
/** docs/reference/league-admin.md §9: search dropdowns show at most 10 matches. */
export const PLAYER_SEARCH_LIMIT = 10
export const fetchPlayerMatches = (search: string, signal?: AbortSignal) =>
  api.get<{ players: PlayerMatch[] }>('/api/playersv2', { search, limit: PLAYER_SEARCH_LIMIT }, signal).then((b) => b.players)

export const useSeasonLeagueTeams = (seasonId: number, leagueId: number) =>
  useQuery({ queryKey: teamKeys.seasonLeague(seasonId, leagueId), queryFn: () => fetchSeasonLeagueTeams(seasonId, leagueId) })
export const useSeasonTeam = (seasonId: number, leagueId: number, teamId: number) =>
  useQuery({
    queryKey: teamKeys.seasonTeam(seasonId, leagueId, teamId),
    queryFn: () => fetchSeasonTeam(seasonId, leagueId, teamId),
  })
export const useTeams = (enabled = true) => useQuery({ queryKey: teamKeys.global, queryFn: fetchTeams, enabled })
export const useTeamOverview = (id: number) => useQuery({ queryKey: teamKeys.overview(id), queryFn: () => fetchTeamOverview(id) })
export const useLeagues = () => useQuery({ queryKey: teamKeys.leagues, queryFn: fetchLeagues })
export const usePlayerMatches = (search: string) =>
  useQuery({
    queryKey: teamKeys.playerSearch(search),
    queryFn: ({ signal }) => fetchPlayerMatches(search, signal),
    // The server searches from 2 characters (the start of a first or last name).
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  })

/** Team writes change standings, counts and the season screens: refresh both areas. */
const useTeamsWrite = areaWrites((queryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['seasons'] }),
  ]),
)

export const useAddSeasonTeam = (seasonId: number, leagueId: number) =>
  useTeamsWrite((input: NewSeasonTeamInput) =>
    api.post<{ team: StandingRow }>(teamsPath(seasonId, leagueId), input).then((b) => b.team),
  )

export const useDeleteSeasonTeams = (seasonId: number, leagueId: number) =>
  useTeamsWrite((ids: number[]) => api.post<void>(`${teamsPath(seasonId, leagueId)}/delete`, { ids }))

/** docs/reference/league-admin.md §7: multipart name, captainId and logo (already compressed by the caller). */
export const useUpdateSeasonTeam = (seasonId: number, leagueId: number) =>
  useTeamsWrite(({ teamId, changes }: { teamId: number; changes: SeasonTeamChanges }) => {
    const form = new FormData()
    form.set('name', changes.name.trim())
    // An empty captainId clears the captain.
    form.set('captainId', changes.captainId === null ? '' : String(changes.captainId))
    if (changes.logo) form.set('logo', changes.logo)
    return api.putForm<{ team: SeasonTeam }>(`${teamsPath(seasonId, leagueId)}/${teamId}`, form).then((b) => b.team)
  })

export const useAddRosterPlayer = (seasonId: number, leagueId: number, teamId: number) =>
  useTeamsWrite((input: NewRosterPlayerInput) => {
    const path = `${teamsPath(seasonId, leagueId)}/${teamId}/players`
    if ('player_id' in input) return api.post<{ player: RosterPlayer }>(path, { player_id: input.player_id })
    const form = new FormData()
    form.set('firstName', input.firstName.trim())
    form.set('lastName', input.lastName.trim())
    if (input.image) form.set('image', input.image)
    return api.postForm<{ player: RosterPlayer }>(path, form)
  })

export const useRemoveRosterPlayers = (seasonId: number, leagueId: number, teamId: number) =>
  useTeamsWrite(
    // One call per player: the API removes one roster entry at a time.
    async (playerIds: number[]) => {
      for (const playerId of playerIds) await api.delete(`${teamsPath(seasonId, leagueId)}/${teamId}/players/${playerId}`)
    },
    { refreshWhenFailed: true },
  )

/** docs/reference/league-admin.md §7: PUT /api/playersv2/{id} multipart firstName, lastName, image. */
export function useUpdatePlayer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, firstName, lastName, image }: { id: number; firstName: string; lastName: string; image: File | null }) => {
      const form = new FormData()
      form.set('firstName', firstName.trim())
      form.set('lastName', lastName.trim())
      if (image) form.set('image', image)
      return api.putForm(`/api/playersv2/${id}`, form)
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['players'] }),
      ]),
  })
}

export const useCreateTeam = () =>
  useTeamsWrite((input: { name: string; leagueId: number | null }) =>
    api.post<{ team: Team }>('/api/teams', input).then((b) => b.team),
  )

export const useUpdateTeam = () =>
  useTeamsWrite(
    ({ id, input }: { id: number; input: { name: string; leagueId: number; version?: number } }) =>
      api.put<{ team: Team }>(`/api/teams/${id}`, input).then((b) => b.team),
    { refreshOnConflict: true },
  )

export const useDeleteTeams = () => useTeamsWrite((ids: number[]) => api.post<void>('/api/teams/delete', { ids }))
