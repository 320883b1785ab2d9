import { useQuery } from '@tanstack/react-query'
import type { PointsLeader, TeamWinsLine, ThreesLeader } from '../../../../worker/contract/records'
import { api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

// The boards' lines are the API's (worker/contract/records.ts).
export type {
  PointsLeader as PointsRecord,
  TeamWinsLine as TeamWinsRecord,
  ThreesLeader as ThreesRecord,
} from '../../../../worker/contract/records'

export const leaderboardKeys = {
  points: (tenant: Tenant) => ['leaderboard', tenantKey(tenant), 'points'] as const,
  threes: (tenant: Tenant) => ['leaderboard', tenantKey(tenant), 'threes'] as const,
  teamWins: (tenant: Tenant) => ['leaderboard', tenantKey(tenant), 'team-wins'] as const,
}

const records =
  <Row>(path: string) =>
  (tenant: Tenant) =>
    api.get<{ records: Row[] }>(path, tenantQuery(tenant)).then((body) => body.records)

export const fetchTopPoints = records<PointsLeader>('/api/records/top20Points')
export const fetchTopThrees = records<ThreesLeader>('/api/records/top20Threes')
export const fetchTopTeamWins = records<TeamWinsLine>('/api/records/top20TeamWins')

/** docs/reference/public-site.md §2.7 / §9: the active season's top 20 in points, threes and team wins. */
export const useTopPoints = (tenant: Tenant) =>
  useQuery({ queryKey: leaderboardKeys.points(tenant), queryFn: () => fetchTopPoints(tenant), staleTime: 60_000 })
export const useTopThrees = (tenant: Tenant) =>
  useQuery({ queryKey: leaderboardKeys.threes(tenant), queryFn: () => fetchTopThrees(tenant), staleTime: 60_000 })
export const useTopTeamWins = (tenant: Tenant) =>
  useQuery({ queryKey: leaderboardKeys.teamWins(tenant), queryFn: () => fetchTopTeamWins(tenant), staleTime: 60_000 })
