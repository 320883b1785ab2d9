// Staff suspend a player and lift it (docs/registration.md "Suspensions"): the calls and their queries.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PlayerSuspensions, SuspendedPlayers, Suspension } from '../../../../worker/contract/registration'
import { api } from '../../lib/api-client'

export type { PlayerSuspensions, Suspension }

const KEY = 'suspensions'

/** A player's suspensions, the one in force first. */
export const usePlayerSuspensions = (playerId: number) =>
  useQuery({
    queryKey: [KEY, 'player', playerId],
    queryFn: () => api.get<PlayerSuspensions>(`/api/registration/players/${playerId}/suspensions`),
    enabled: playerId > 0,
  })

/** The organization's players suspended today (for the players list's badge). */
export const suspendedPlayersQuery = queryOptions({
  queryKey: [KEY, 'suspended'],
  queryFn: () => api.get<SuspendedPlayers>('/api/registration/suspensions').then((body) => body.suspensions),
})
export const useSuspendedPlayers = () => useQuery(suspendedPlayersQuery)

/** Suspend (until a day, or until lifted) and lift; either refreshes every suspension query. */
export function useSuspensionWrites(playerId: number) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: [KEY] })
  const suspend = useMutation({
    mutationFn: (input: { until: string | null; reason: string }) =>
      api.post<{ suspension: Suspension }>(`/api/registration/players/${playerId}/suspensions`, input),
    onSuccess: refresh,
  })
  const lift = useMutation({
    mutationFn: (id: number) => api.post<{ suspension: Suspension }>(`/api/registration/suspensions/${id}/lift`, {}),
    onSettled: refresh,
  })
  return { suspend, lift }
}
