// The captain's team, joining by share link and answering "are you coming?" (docs/members.md
// "Captains", "Roster invites", "Availability"): the member calls of worker/routes/team-members.ts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

export type Answer = 'in' | 'out' | 'maybe'
export const ANSWERS: readonly Answer[] = ['in', 'out', 'maybe']
export interface Counts {
  in: number
  out: number
  maybe: number
  none: number
}
export interface TeamPage {
  team: {
    seasonsLeagueTeamId: number
    teamId: number
    name: string
    leagueId: number
    leagueName: string
    seasonId: number
    seasonName: string
  }
  rules: { rosterSize: number | null; rosterDeadline: string | null; deadlinePassed: boolean; placesLeft: number | null }
  players: {
    id: number
    firstName: string
    lastName: string
    captain: boolean
    state: 'joined' | 'invited' | 'none'
    me: boolean
  }[]
  links: { id: number; expiresAt: number; maxUses: number; uses: number; revoked: boolean; active: boolean }[]
  games: { id: number; date: string | null; time: string | null; opponent: string; home: boolean; counts: Counts }[]
}
export interface MemberGame {
  id: number
  date: string | null
  time: string | null
  place: string | null
  status: string
  home: { id: number; name: string }
  away: { id: number; name: string }
  open: boolean
}
export interface GamePage {
  game: MemberGame
  answer: Answer | null
  captainOf: {
    teamId: number
    teamName: string
    counts: Counts
    players: { id: number; firstName: string; lastName: string; answer: Answer | null }[]
  }[]
}
export interface SignedAnswer {
  m: number
  g: number
  a: Answer
  s: string
}

export const teamMemberKeys = {
  team: (sltId: number) => ['member', 'team', sltId] as const,
  game: (gameId: number) => ['member', 'game', gameId] as const,
  joinLink: (tenant: Tenant, token: string) => ['member', 'join', tenantKey(tenant), token] as const,
  answer: (tenant: Tenant, link: SignedAnswer) => ['member', 'answer', tenantKey(tenant), link] as const,
}

export const useTeamPage = (sltId: number) =>
  useQuery({ queryKey: teamMemberKeys.team(sltId), queryFn: () => api.get<TeamPage>(`/api/member/teams/${sltId}`), retry: false })

/** Writes of the captain's page: the answer is the page itself (or nothing); the page is read again. */
function useTeamWrite<I, R>(sltId: number, write: (input: I) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: write,
    onSuccess: (result) => {
      if (result && typeof result === 'object' && 'team' in result) queryClient.setQueryData(teamMemberKeys.team(sltId), result)
      return queryClient.invalidateQueries({ queryKey: teamMemberKeys.team(sltId) })
    },
  })
}

export const useInvite = (sltId: number) =>
  useTeamWrite(sltId, (input: { firstName: string; lastName: string; email: string }) =>
    api.post<TeamPage>(`/api/member/teams/${sltId}/invites`, input),
  )
export const useMakeLink = (sltId: number) =>
  useTeamWrite(sltId, (input: { days: number; maxUses: number }) =>
    api.post<{ link: TeamPage['links'][number]; url: string }>(`/api/member/teams/${sltId}/links`, input),
  )
export const useRevokeLink = (sltId: number) =>
  useTeamWrite(sltId, (linkId: number) => api.delete(`/api/member/teams/${sltId}/links/${linkId}`))
export const useRemovePlayer = (sltId: number) =>
  useTeamWrite(sltId, (playerId: number) => api.delete(`/api/member/teams/${sltId}/players/${playerId}`))

export const useGamePage = (gameId: number) =>
  useQuery({
    queryKey: teamMemberKeys.game(gameId),
    queryFn: () => api.get<GamePage>(`/api/member/games/${gameId}`),
    retry: false,
  })

/** One tap: the answer shows at once, and goes back to what it was if the Worker refuses it. */
export function useAnswer(gameId: number) {
  const queryClient = useQueryClient()
  const key = teamMemberKeys.game(gameId)
  return useMutation({
    mutationFn: (answer: Answer) => api.put<GamePage>(`/api/member/games/${gameId}/availability`, { answer }),
    onMutate: async (answer) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<GamePage>(key)
      if (before) queryClient.setQueryData<GamePage>(key, { ...before, answer })
      return { before }
    },
    onError: (_error, _answer, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
    },
    onSuccess: (page) => queryClient.setQueryData(key, page),
  })
}

export const useJoinLink = (tenant: Tenant, token: string) =>
  useQuery({
    queryKey: teamMemberKeys.joinLink(tenant, token),
    queryFn: () =>
      api.post<{ team: string; league: string; season: string; organization: string }>(
        `/api/member/join-link?${new URLSearchParams(tenantQuery(tenant))}`,
        { token },
      ),
    retry: false,
  })

export const useJoin = (tenant: Tenant) =>
  useMutation({
    mutationFn: (input: { token: string; firstName?: string; lastName?: string; email?: string }) =>
      api.post<{ joined: boolean; message: string }>(`/api/member/join?${new URLSearchParams(tenantQuery(tenant))}`, input),
  })

export const useAnswerPreview = (tenant: Tenant, link: SignedAnswer) =>
  useQuery({
    queryKey: teamMemberKeys.answer(tenant, link),
    queryFn: () =>
      api.post<{ game: MemberGame; answer: Answer | null; proposed: Answer }>(
        `/api/member/answer/preview?${new URLSearchParams(tenantQuery(tenant))}`,
        link,
      ),
    retry: false,
  })

export const useSignedAnswer = (tenant: Tenant) =>
  useMutation({
    mutationFn: (link: SignedAnswer) =>
      api.post<{ game: MemberGame; answer: Answer | null; proposed: Answer }>(
        `/api/member/answer?${new URLSearchParams(tenantQuery(tenant))}`,
        link,
      ),
  })
