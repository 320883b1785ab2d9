// Captains on the dashboard roster and the league's rules (docs/members.md "Captains", "League rules"):
// the staff calls of worker/routes/team-members.ts and worker/routes/season-leagues.ts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api-client'

const teamPath = (seasonId: number, leagueId: number, teamId: number) =>
  `/api/seasonsv2/${seasonId}/leagues/${leagueId}/teams/${teamId}`

export const useCaptains = (seasonId: number, leagueId: number, teamId: number) =>
  useQuery({
    queryKey: ['teams', 'captains', seasonId, leagueId, teamId],
    queryFn: () => api.get<{ captains: number[] }>(`${teamPath(seasonId, leagueId, teamId)}/captains`).then((b) => b.captains),
  })

export function useSetCaptain(seasonId: number, leagueId: number, teamId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ playerId, captain }: { playerId: number; captain: boolean }) =>
      api.put<{ captains: number[] }>(`${teamPath(seasonId, leagueId, teamId)}/players/${playerId}/captain`, { captain }),
    onSuccess: (body) => {
      queryClient.setQueryData(['teams', 'captains', seasonId, leagueId, teamId], body.captains)
      // The display captain may have been filled in (docs/decisions/2026-11-28-captains.md).
      return queryClient.invalidateQueries({ queryKey: ['teams', 'season-league', seasonId, leagueId] })
    },
  })
}

export interface LeagueRules {
  rosterSize: number | null
  rosterDeadline: string | null
  reminderHours: number
  minPlayers: number
  reportDeadlineHours: number
}

export function useSaveLeagueRules(seasonId: number, leagueId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: LeagueRules & { name: string; version: number }) =>
      api.put(`/api/seasonsv2/${seasonId}/leagues/${leagueId}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['seasons'] }),
  })
}
