// Tiebreakers and brackets (docs/playoffs.md "API"). Light on imports: the public bracket page and the
// standings page use the read side.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from './api-client'
import { type Tenant, tenantKey, tenantQuery } from './tenant'

export interface BracketTeam {
  id: number
  name: string
  logo: string | null
  seed: number
}

export interface BracketGame {
  id: number
  version: number
  date: string | null
  time: string | null
  location: string | null
  status: string
  team1Id: number
  team2Id: number
  scoreTeam1: number
  scoreTeam2: number
}

export interface BracketSlot {
  kind: 'main' | 'third'
  round: number
  slot: number
  roundName: string
  team1: BracketTeam | null
  team2: BracketTeam | null
  winnerId: number | null
  game: BracketGame | null
}

export interface Night {
  date: string
  times: string[]
  location: string | null
}

export interface Bracket {
  id: number
  version: number
  name: string
  seasonId: number
  leagueId: number
  divisionId: number | null
  thirdPlace: boolean
  reseed: boolean
  eligibility: 'all' | 'noForfeits'
  nights: Night[]
  rounds: number
  seeds: (BracketTeam | null)[]
  byes: number[]
  champion: BracketTeam | null
  thirdPlaceWinner: BracketTeam | null
  slots: BracketSlot[]
}

export interface BracketSummary {
  id: number
  name: string
  leagueId: number
  divisionId: number | null
  seasonId: number
  version: number
}

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

export const TIEBREAK_RULE_LABELS = {
  fewerLosses: 'Fewer losses',
  moreWins: 'More wins',
  headToHead: 'Head-to-head among the tied teams',
  pointDifferential: 'Point differential',
  pointsAllowed: 'Fewest points allowed',
  commonOpponents: 'Record against common opponents',
  fewestForfeits: 'Fewest forfeits',
  staffOrder: 'Order set by staff (coin flip)',
} as const
export type TiebreakRule = keyof typeof TIEBREAK_RULE_LABELS

export interface Tiebreakers {
  leagueId: number
  rules: TiebreakRule[]
  pointCap: number | null
  staffOrder: number[]
  playoffSpots: number | null
  version: number
}

export const useTiebreakers = (leagueId: number) =>
  useQuery({
    queryKey: playoffKeys.tiebreakers(leagueId),
    queryFn: () => api.get<{ tiebreakers: Tiebreakers }>(`/api/tiebreakers/${leagueId}`).then((b) => b.tiebreakers),
  })

export function useSaveTiebreakers(leagueId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: Omit<Tiebreakers, 'leagueId'>) =>
      api.put<{ tiebreakers: Tiebreakers }>(`/api/tiebreakers/${leagueId}`, input).then((b) => b.tiebreakers),
    onSuccess: (saved) => {
      client.setQueryData(playoffKeys.tiebreakers(leagueId), saved)
      // The standings order and marks follow the settings.
      void client.invalidateQueries()
    },
  })
}

export interface NewBracket {
  seasonId: number
  leagueId: number
  divisionId: number | null
  teams: number
  thirdPlace: boolean
  reseed: boolean
  eligibility: 'all' | 'noForfeits'
  nights: { date: string; times: string[]; location: string | null }[]
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
