// Tiebreakers and brackets (docs/playoffs.md "API"). Light on imports: the public bracket page and the
// standings page use the read side.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  Bracket,
  BracketSummary,
  newBracket,
  Tiebreakers,
  TiebreakRule,
  tiebreakerBody,
} from '../../../worker/contract/playoffs'
import { api } from './api-client'
import { t } from './i18n'
import { type Tenant, tenantKey, tenantQuery } from './tenant'

// The answers and bodies are the API's (worker/contract/playoffs.ts).
export type {
  Bracket,
  BracketGame,
  BracketSlot,
  BracketSummary,
  BracketTeam,
  Tiebreakers,
  TiebreakRule,
} from '../../../worker/contract/playoffs'
/** A round's night: its day, time slots and place. */
export type Night = Bracket['nights'][number]
/** POST /api/brackets. */
export type NewBracket = z.input<typeof newBracket>

export const playoffKeys = {
  bracket: (tenant: Tenant | null, id: number) => ['brackets', tenant ? tenantKey(tenant) : 'admin', id] as const,
  season: (tenant: Tenant | null, seasonId: number) =>
    ['brackets', 'season', tenant ? tenantKey(tenant) : 'admin', seasonId] as const,
  tiebreakers: (leagueId: number) => ['tiebreakers', leagueId] as const,
}

export const bracketQuery = (tenant: Tenant | null, id: number) =>
  queryOptions({
    queryKey: playoffKeys.bracket(tenant, id),
    queryFn: () =>
      api.get<{ bracket: Bracket }>(`/api/brackets/${id}`, tenant ? tenantQuery(tenant) : undefined).then((b) => b.bracket),
    // Live with results: a score saved elsewhere shows within half a minute, and on return to the tab.
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  })

export const seasonBracketsQuery = (tenant: Tenant | null, seasonId: number | undefined) =>
  queryOptions({
    queryKey: playoffKeys.season(tenant, seasonId ?? 0),
    queryFn: () =>
      api
        .get<{ brackets: BracketSummary[] }>('/api/brackets', {
          ...(tenant ? tenantQuery(tenant) : {}),
          seasonId: String(seasonId),
        })
        .then((b) => b.brackets),
    enabled: seasonId !== undefined,
    staleTime: 30_000,
  })

export const useBracket = (tenant: Tenant | null, id: number) => useQuery(bracketQuery(tenant, id))
export const useSeasonBrackets = (tenant: Tenant | null, seasonId: number | undefined) =>
  useQuery(seasonBracketsQuery(tenant, seasonId))

// ---------------------------------------------------------------- admin

/** Each tie-break rule's name in the page's language (read when shown: the getters follow a language switch). */
export const TIEBREAK_RULE_LABELS: Readonly<Record<TiebreakRule, string>> = {
  get fewerLosses() {
    return t('tiebreak.fewerLosses')
  },
  get moreWins() {
    return t('tiebreak.moreWins')
  },
  get headToHead() {
    return t('tiebreak.headToHead')
  },
  get pointDifferential() {
    return t('tiebreak.pointDifferential')
  },
  get pointsAllowed() {
    return t('tiebreak.pointsAllowed')
  },
  get commonOpponents() {
    return t('tiebreak.commonOpponents')
  },
  get fewestForfeits() {
    return t('tiebreak.fewestForfeits')
  },
  get staffOrder() {
    return t('tiebreak.staffOrder')
  },
}

export const useTiebreakers = (leagueId: number) =>
  useQuery({
    queryKey: playoffKeys.tiebreakers(leagueId),
    queryFn: () => api.get<{ tiebreakers: Tiebreakers }>(`/api/tiebreakers/${leagueId}`).then((b) => b.tiebreakers),
  })

export function useSaveTiebreakers(leagueId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: z.input<typeof tiebreakerBody>) =>
      api.put<{ tiebreakers: Tiebreakers }>(`/api/tiebreakers/${leagueId}`, input).then((b) => b.tiebreakers),
    onSuccess: (saved) => {
      client.setQueryData(playoffKeys.tiebreakers(leagueId), saved)
      // The standings order and marks follow the settings.
      void client.invalidateQueries()
    },
  })
}

export function useCreateBracket() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: NewBracket) => api.post<{ bracket: Bracket }>('/api/brackets', input).then((b) => b.bracket),
    onSuccess: () => client.invalidateQueries(),
  })
}

export function useDeleteBracket() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (b: { id: number; version: number }) => api.delete(`/api/brackets/${b.id}?version=${b.version}`),
    onSuccess: () => client.invalidateQueries(),
  })
}

export function useReseedBracket() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (b: { id: number; version: number }) =>
      api.post<{ bracket: Bracket }>(`/api/brackets/${b.id}/reseed`, { version: b.version }).then((r) => r.bracket),
    onSuccess: () => client.invalidateQueries(),
  })
}
