import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from './api-client'
import { type Tenant, tenantKey, tenantQuery } from './tenant'

// The record book and team history answers (worker/db/queries/record-book.ts, team-history.ts;
// docs/records.md).

import type { RecordEntry, RecordList } from '../../../worker/domain/record-entries'

export type { RecordEntry, RecordList }

export interface RecordBook {
  stats: { id: number; name: string; abbreviation: string }[]
  seasons: { id: number; name: string; startDate: string | null }[]
  leagues: { id: number; name: string }[]
  statId: number | null
  qualification: { minGames: number; minAttempts: number }
  singleGame: RecordList
  singleSeason: RecordList
  career: RecordList
  seasonRate: RecordList
  careerRate: RecordList
}

export interface RecordFilters {
  stat: number | null
  leagueId: number | null
  from: number | null
  to: number | null
}

export interface TeamHistory {
  team: { id: number; name: string }
  allTime: { wins: number; losses: number }
  seasons: {
    season: { id: number; name: string; startDate: string | null }
    league: { id: number; name: string }
    division: string | null
    wins: number
    losses: number
    winPercentage: number
    finish: number | null
    teams: number
  }[]
  headToHead: {
    id: number
    name: string
    wins: number
    losses: number
    pointsFor: number
    pointsAgainst: number
    games: number
  }[]
  leaders: {
    stat: { id: number; abbreviation: string; name: string }
    players: { rank: number; player: { id: number; firstName: string; lastName: string }; total: number; games: number }[]
  }[]
}

export const teamHistoryQuery = (tenant: Tenant, teamId: number) =>
  queryOptions({
    queryKey: ['team-history', tenantKey(tenant), teamId] as const,
    queryFn: () => api.get<TeamHistory>(`/api/records/teams/${teamId}`, tenantQuery(tenant)),
    enabled: Number.isInteger(teamId) && teamId > 0,
  })

export const useTeamHistory = (tenant: Tenant, teamId: number) => useQuery(teamHistoryQuery(tenant, teamId))
