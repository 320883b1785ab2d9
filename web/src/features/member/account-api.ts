// The member's account calls (docs/members.md): signing in from a link, the member's own page.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { ApiError, api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery, withTenant } from './tenant-query'

export interface MemberTeam {
  seasonsLeagueTeamId: number
  teamId: number
  teamName: string
  leagueId: number
  leagueName: string
  seasonId: number
  seasonName: string
  seasonActive: boolean
  captain: boolean
}

export interface Me {
  id: number
  email: string
  language: string | null
  player: { id: number; firstName: string; lastName: string }
  organization: { id: number; slug: string; name: string }
  teams: MemberTeam[]
}

export interface MemberGame {
  id: number
  date: string | null
  time: string | null
  status: string
  location: string | null
  teamId: number
  team1: { id: number; name: string }
  team2: { id: number; name: string }
}

export const memberKeys = {
  me: (tenant: Tenant) => ['member', tenantKey(tenant), 'me'] as const,
  games: (tenant: Tenant) => ['member', tenantKey(tenant), 'games'] as const,
}

const noRetryOnRefusal = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500) && count < 2

export const meQuery = (tenant: Tenant) =>
  queryOptions({
    queryKey: memberKeys.me(tenant),
    queryFn: () => api.get<{ member: Me }>('/api/member/me', tenantQuery(tenant)).then((b) => b.member),
    retry: noRetryOnRefusal,
  })

export const useMe = (tenant: Tenant) => useQuery(meQuery(tenant))

/** A captain's recent game and where its score reports stand (docs/members.md "Score reports"). */
export interface GameToReport {
  id: number
  date: string | null
  time: string | null
  teamId: number
  team1: { id: number; name: string }
  team2: { id: number; name: string }
  state: 'open' | 'waiting' | 'differ' | 'final'
}

/** One read serves both lists of the member page: upcoming games and a captain's games to report. */
const memberGamesQuery = (tenant: Tenant, enabled: boolean) => ({
  queryKey: memberKeys.games(tenant),
  queryFn: () => api.get<{ games: MemberGame[]; reports?: GameToReport[] }>('/api/member/games', tenantQuery(tenant)),
  enabled,
  retry: noRetryOnRefusal,
})

export const useMemberGames = (tenant: Tenant, enabled: boolean) =>
  useQuery({ ...memberGamesQuery(tenant, enabled), select: (b) => b.games })

export const useGamesToReport = (tenant: Tenant, enabled: boolean) =>
  useQuery({ ...memberGamesQuery(tenant, enabled), select: (b) => b.reports ?? [] })

export const askForLink = (tenant: Tenant, email: string) =>
  api.post<{ message: string }>(withTenant('/api/member/sign-in-link', tenant), { email })

export const signInWithToken = (tenant: Tenant, token: string) =>
  api.post<{ member: Me }>(withTenant('/api/member/sign-in', tenant), { token }).then((b) => b.member)

export const signOut = (tenant: Tenant) => api.post<void>(withTenant('/api/member/sign-out', tenant))

export const deleteAccount = (tenant: Tenant) => api.delete(withTenant('/api/member/account', tenant))

/** The member's data as a file: a plain link the browser downloads (Content-Disposition). */
export const dataDownloadUrl = (tenant: Tenant) => withTenant('/api/member/data', tenant)
