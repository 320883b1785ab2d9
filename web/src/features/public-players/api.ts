import { useQuery } from '@tanstack/react-query'
import type { GameLogEntry, StatDefinition, StatsSummary } from '../../components/player-stats/types'
import { ApiError, api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

export interface RosterPlace {
  id: number
  team: { id: number; name: string }
  league: { id: number; name: string }
  season: { id: number; name: string; active: boolean }
  /** Whether the roster's season is the active one. */
  active: boolean
}

export interface PublicPlayer {
  id: number
  firstName: string
  lastName: string
  image: string | null
  team: { id: number; name: string } | null
  rosters: RosterPlace[]
}

export interface AttributeValue {
  id: number | null
  value: string | null
  attribute_id: number
  attribute: {
    id: number
    attribute_name: string
    attribute_type: 'string' | 'number' | 'date'
    order: number
    is_visible: boolean
  }
}

export interface PublicPlayerDetail extends PublicPlayer {
  attributeValues: AttributeValue[]
  teamHistory: {
    team: { id: number; name: string }
    league: { id: number; name: string }
    season: { id: number; name: string; active: boolean }
  }[]
}

export const publicPlayerKeys = {
  list: (tenant: Tenant) => ['public-players', tenantKey(tenant)] as const,
  detail: (tenant: Tenant, id: number) => ['public-players', tenantKey(tenant), id] as const,
}

const noRetryOnClientError = (count: number, error: Error) => !(error instanceof ApiError && error.status < 500) && count < 2

export const fetchPublicPlayers = (tenant: Tenant) =>
  api.get<{ players: PublicPlayer[] }>('/api/playersv2', tenantQuery(tenant)).then((body) => body.players)

export const fetchPublicPlayer = (tenant: Tenant, id: number) =>
  api.get<{ player: PublicPlayerDetail }>(`/api/playersv2/${id}`, tenantQuery(tenant)).then((body) => body.player)

export const usePublicPlayers = (tenant: Tenant, enabled = true) =>
  useQuery({ queryKey: publicPlayerKeys.list(tenant), queryFn: () => fetchPublicPlayers(tenant), enabled, staleTime: 60_000 })

export const usePublicPlayer = (tenant: Tenant, id: number) =>
  useQuery({
    queryKey: publicPlayerKeys.detail(tenant, id),
    queryFn: () => fetchPublicPlayer(tenant, id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 30_000,
    retry: noRetryOnClientError,
  })

/** The profile's stat boxes and this season's game log (GET /api/playersv2/{id}/basic). */
export interface PlayerBasicStats {
  allStats: StatDefinition[]
  gameStats: GameLogEntry[]
  summary: StatsSummary
}

export const usePublicPlayerStats = (tenant: Tenant, id: number) =>
  useQuery({
    queryKey: [...publicPlayerKeys.detail(tenant, id), 'basic'],
    queryFn: () => api.get<PlayerBasicStats>(`/api/playersv2/${id}/basic`, { ...tenantQuery(tenant), scope: 'active' }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 30_000,
    retry: noRetryOnClientError,
  })

export const fullName = (player: Pick<PublicPlayer, 'firstName' | 'lastName'>) => `${player.firstName} ${player.lastName}`.trim()

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })

/**
 * Spec 01 §2.8: only the active season's leagues and teams are offered, sorted by name; the teams
 * follow the chosen league. Read from the players' rosters (active places only).
 */
export function activeFilters(players: PublicPlayer[], leagueId: string) {
  const leagues = new Map<number, string>()
  const teams = new Map<number, string>()
  for (const player of players) {
    for (const place of player.rosters) {
      if (!place.active) continue
      leagues.set(place.league.id, place.league.name)
      if (!leagueId || String(place.league.id) === leagueId) teams.set(place.team.id, place.team.name)
    }
  }
  const list = (map: Map<number, string>) => [...map].map(([id, name]) => ({ id, name })).sort(byName)
  return { leagues: list(leagues), teams: list(teams) }
}

/** Spec 01 §2.8: players matching the search and the active-season filters, sorted by full name. */
export function filterPlayers(players: PublicPlayer[], search: string, leagueId: string, teamId: string) {
  const needle = search.trim().toLowerCase()
  return players
    .filter((player) => !needle || fullName(player).toLowerCase().includes(needle))
    .filter(
      (player) =>
        (!leagueId && !teamId) ||
        player.rosters.some(
          (place) =>
            place.active && (!leagueId || String(place.league.id) === leagueId) && (!teamId || String(place.team.id) === teamId),
        ),
    )
    .sort((a, b) => fullName(a).localeCompare(fullName(b), undefined, { sensitivity: 'base' }) || a.id - b.id)
}
