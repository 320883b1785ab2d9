import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { StatDefinition, statsOrder, statVisibility } from '../../../../worker/contract/stats'
import { api } from '../../lib/api-client'

export type { RecordSettings } from '../../../../worker/contract/records'
// A stat and the record book's minimums are the API's (worker/contract/stats.ts, records.ts).
export type { StatDefinition } from '../../../../worker/contract/stats'

import type { AttributeType, GamePeriod, PlayerAttribute } from '../../../../worker/contract/settings'

export type { AttributeType, GamePeriod, PlayerAttribute }

/** docs/reference/league-admin.md Player Attributes: the types as the screen names them. */

export const settingsKeys = {
  stats: (sportId: number) => ['stats-settings', 'stats', sportId] as const,
  periods: (sportId: number, userId: number | null) => ['stats-settings', 'periods', sportId, userId] as const,
  attributes: ['stats-settings', 'attributes'] as const,
  user: (userId: number) => ['stats-settings', 'user', userId] as const,
}

/** The positions a reorder call sends: each id with its new place. */
export const orderOf = (items: { id: number }[]) => items.map((item, index) => ({ id: item.id, order: index }))

/**
 * A reorder shows at once and is undone if the server refuses it; either way the list is read
 * again afterwards so the screen ends up with the server's order.
 */
function useOptimisticReorder<Item extends { id: number; order: number }>(
  key: QueryKey,
  send: (items: Item[]) => Promise<unknown>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onMutate: async (ordered: Item[]) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<Item[]>(key)
      queryClient.setQueryData<Item[]>(
        key,
        ordered.map((item, index) => ({ ...item, order: index })),
      )
      return { previous }
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}

// ---- Stats ----

export const fetchStats = (sportId: number) =>
  api.get<{ stats: StatDefinition[] }>(`/api/statsv2/${sportId}`).then((body) => body.stats)

export const useStats = (sportId: number | undefined) =>
  useQuery({
    queryKey: settingsKeys.stats(sportId ?? 0),
    queryFn: () => fetchStats(sportId as number),
    enabled: Boolean(sportId),
  })

export const useReorderStats = (sportId: number) =>
  useOptimisticReorder<StatDefinition>(settingsKeys.stats(sportId), (stats) =>
    api.put('/api/statsv2/reorder', { stats: orderOf(stats) } satisfies z.input<typeof statsOrder>),
  )

export function useToggleStat(sportId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number } & z.input<typeof statVisibility>) =>
      api.put(`/api/statsv2/${id}/toggle-visibility`, { hidden }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.stats(sportId) }),
  })
}

export function useResetStats(sportId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<{ stats: StatDefinition[] }>(`/api/statsv2/reset/${sportId}`).then((body) => body.stats),
    onSuccess: (stats) => queryClient.setQueryData(settingsKeys.stats(sportId), stats),
  })
}

// ---- Game periods (docs/reference/league-admin.md: a userId lets the screen act for another user) ----

/** The user the screen acts for, read for their sport. */
export const useActingUser = (userId: number | null) =>
  useQuery({
    queryKey: settingsKeys.user(userId ?? 0),
    queryFn: () =>
      api
        .get<{ user: { id: number; username: string; sports: { id: number; name: string }[] } }>(`/api/usersv2/${userId}`)
        .then((b) => b.user),
    enabled: userId !== null,
  })

export const fetchGamePeriods = (sportId: number, userId: number | null) =>
  api.get<{ periods: GamePeriod[] }>(`/api/gamePeriods/${sportId}`, { userId }).then((body) => body.periods)

export const useGamePeriods = (sportId: number | undefined, userId: number | null) =>
  useQuery({
    queryKey: settingsKeys.periods(sportId ?? 0, userId),
    queryFn: () => fetchGamePeriods(sportId as number, userId),
    enabled: Boolean(sportId),
  })

export const useReorderGamePeriods = (sportId: number, userId: number | null) =>
  useOptimisticReorder<GamePeriod>(settingsKeys.periods(sportId, userId), (periods) =>
    api.put('/api/gamePeriods/reorder', { gamePeriods: orderOf(periods) }),
  )

export function useSetPeriodsHidden(sportId: number, userId: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ ids, hidden }: { ids: number[]; hidden: boolean }) =>
      Promise.all(ids.map((id) => api.put(`/api/gamePeriods/${hidden ? 'hide' : 'unhide'}/${id}`))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.periods(sportId, userId) }),
  })
}

export function useAddGamePeriod(sportId: number, userId: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) =>
      api.post<{ period: GamePeriod }>('/api/gamePeriods', { sportId, name, userId: userId ?? undefined }).then((b) => b.period),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.periods(sportId, userId) }),
  })
}

export function useResetGamePeriods(sportId: number, userId: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api
        .post<{ periods: GamePeriod[] }>(`/api/gamePeriods/reset/${sportId}`, { userId: userId ?? undefined })
        .then((b) => b.periods),
    onSuccess: (periods) => queryClient.setQueryData(settingsKeys.periods(sportId, userId), periods),
  })
}

// ---- Player attributes ----

export const fetchPlayerAttributes = () =>
  api.get<{ attributes: PlayerAttribute[] }>('/api/playerAttributes').then((body) => body.attributes)

export const usePlayerAttributes = () => useQuery({ queryKey: settingsKeys.attributes, queryFn: fetchPlayerAttributes })

export const useReorderPlayerAttributes = () =>
  useOptimisticReorder<PlayerAttribute>(settingsKeys.attributes, (attributes) =>
    api.put('/api/playerAttributes/reorder', { attributes: orderOf(attributes) }),
  )

/** Attribute changes also change what player profiles show. */
function useInvalidateAttributes() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.attributes }),
      queryClient.invalidateQueries({ queryKey: ['players'] }),
    ])
}

export function useAddPlayerAttribute() {
  const invalidate = useInvalidateAttributes()
  return useMutation({
    mutationFn: (input: { name: string; type: AttributeType }) =>
      api.post<{ attribute: PlayerAttribute }>('/api/playerAttributes', input).then((b) => b.attribute),
    onSuccess: invalidate,
  })
}

export function useToggleAttribute() {
  const invalidate = useInvalidateAttributes()
  return useMutation({
    mutationFn: ({ id, isVisible }: { id: number; isVisible: boolean }) =>
      api.put(`/api/playerAttributes/${id}/toggleAttributeVisibility`, { is_visible: isVisible }),
    onSuccess: invalidate,
  })
}

export function useResetPlayerAttributes() {
  const invalidate = useInvalidateAttributes()
  return useMutation({
    mutationFn: () => api.post<{ attributes: PlayerAttribute[] }>('/api/playerAttributes/reset').then((b) => b.attributes),
    onSuccess: invalidate,
  })
}
