import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { attributeValues, newPlayer, Player, PlayerDetail } from '../../../../worker/contract/players'
import type { Team } from '../../../../worker/contract/teams'
import { ApiError, api, staleConflict } from '../../lib/api-client'

export type { AttributeValue, Player, PlayerDetail, RosterPlace } from '../../../../worker/contract/players'
export type { AttributeType } from '../../../../worker/contract/settings'

/** A team of the filters' choices. */
export type TeamOption = Pick<Team, 'id' | 'name'>

/** The profile form's names (multipart, with the photo and the version the edit was made from). */
export type PlayerNameChanges = z.input<typeof newPlayer> & { image: File | null; version?: number }

export const playerKeys = {
  all: ['players'] as const,
  list: ['players', 'list'] as const,
  detail: (id: number) => ['players', 'detail', id] as const,
  teams: ['players', 'teams'] as const,
}

const noRetryOnClientError = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500) && count < 2

export const fetchPlayer = (id: number) => api.get<{ player: PlayerDetail }>(`/api/playersv2/${id}`).then((body) => body.player)

export const usePlayer = (id: number) =>
  useQuery({
    queryKey: playerKeys.detail(id),
    queryFn: () => fetchPlayer(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: noRetryOnClientError,
  })

/** docs/reference/league-admin.md §5 bulk delete: one atomic call; a 409 names the players with recorded stats. */
export function useDeletePlayers() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: number[]) => api.post<void>('/api/playersv2/delete', { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKeys.all }),
  })
}

/** Attribute values as attribute id → value; empty text clears a value. */
export function useUpdatePlayerAttributes(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (attributes: z.input<typeof attributeValues>['attributes']) =>
      api.put<{ player: PlayerDetail }>(`/api/playersv2/${id}`, { attributes }).then((body) => body.player),
    onSuccess: (player) => {
      queryClient.setQueryData(playerKeys.detail(id), player)
      return queryClient.invalidateQueries({ queryKey: playerKeys.list })
    },
    // Someone saved first (409 with the current state): show the current values behind the message.
    onError: (error) => {
      const stale = staleConflict<PlayerDetail>(error)
      if (stale?.current) queryClient.setQueryData(playerKeys.detail(id), stale.current)
    },
  })
}

/** Name and photo go as multipart (the photo already compressed). */
export function useUpdatePlayerProfile(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: PlayerNameChanges) => {
      const form = new FormData()
      form.set('firstName', changes.firstName.trim())
      form.set('lastName', changes.lastName.trim())
      if (typeof changes.email === 'string') form.set('email', changes.email)
      if (typeof changes.hideName === 'boolean') form.set('hideName', String(changes.hideName))
      if (changes.version !== undefined) form.set('version', String(changes.version))
      if (changes.image) form.set('image', changes.image)
      return api.putForm<{ player: PlayerDetail }>(`/api/playersv2/${id}`, form).then((body) => body.player)
    },
    onSuccess: (player) => {
      queryClient.setQueryData(playerKeys.detail(id), player)
      return queryClient.invalidateQueries({ queryKey: playerKeys.list })
    },
  })
}

export const fullName = (player: Pick<Player, 'firstName' | 'lastName'>) => `${player.firstName} ${player.lastName}`.trim()

/**
 * docs/reference/league-admin.md Admin player list: players whose first and last names match another player's
 * (case-insensitive) are flagged as likely duplicates.
 */
export function duplicateNameIds(players: Player[]): Set<number> {
  const byName = Map.groupBy(players, (p) => `${p.firstName.trim().toLowerCase()}\u0000${p.lastName.trim().toLowerCase()}`)
  const ids = new Set<number>()
  for (const group of byName.values()) if (group.length > 1) for (const p of group) ids.add(p.id)
  return ids
}
