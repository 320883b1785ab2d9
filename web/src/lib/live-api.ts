// The live-scoring calls of the SPA (docs/live-scoring.md): the game's events, the scorer's appends,
// and the organization's games being scored now.
import { useQuery } from '@tanstack/react-query'
import type { AppendAnswer, LiveNowGame, LiveState } from '../../../worker/contract/live'
import type { LiveEvent } from '../../../worker/domain/live-scoring'
import { api } from './api-client'
import { type Tenant, tenantKey, tenantQuery } from './tenant'

export type { AppendAnswer, LiveNowGame, LiveState }

export const fetchLiveState = (gameId: number, after: number, tenant: Tenant | null) =>
  api.get<LiveState>(`/api/live/games/${gameId}`, { after: String(after), ...(tenant ? tenantQuery(tenant) : {}) })

export const postEvents = (gameId: number, events: LiveEvent[]) =>
  api.post<AppendAnswer>(`/api/live/games/${gameId}/events`, {
    events: events.map(({ id, deviceId, seq, action, playerId, period, ref, at }) => ({
      id,
      deviceId,
      seq,
      action,
      playerId,
      period,
      ref: ref ?? null,
      at,
    })),
  })

export const useLiveNow = (tenant: Tenant) =>
  useQuery({
    queryKey: ['live', 'now', tenantKey(tenant)],
    queryFn: () => api.get<{ games: LiveNowGame[] }>('/api/live/now', tenantQuery(tenant)),
    refetchInterval: 60_000,
  })
