import { useQuery } from '@tanstack/react-query'
import { ApiError, api } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

export interface TeamGame {
  id: number
  /** Local league date, yyyy-MM-dd. */
  date: string | null
  /** HH:mm. */
  time: string | null
  /** The UTC instant of the tip-off, when known. */
  game_dateTime: string | null
  status: string
  score_team1: number | null
  score_team2: number | null
  homeTeam: { id: number; name: string }
  awayTeam: { id: number; name: string }
}

export interface PublicTeam {
  id: number
  name: string
  logo: string | null
  captain: string | null
  captain_id: number | null
  league: { id: number; name: string } | null
  season: { id: number; name: string; active: boolean } | null
  division: { id: number; name: string } | null
  players: { id: number; firstName: string; lastName: string; image: string | null }[]
  games: TeamGame[]
  /** Every season and league the team has played in (the season choice offers active and upcoming). */
  places: { season: { id: number; name: string; active: boolean; published: boolean }; league: { id: number; name: string } }[]
}

export const publicTeamKeys = {
  team: (tenant: Tenant, teamId: number, season: number | null = null) =>
    ['public-team', tenantKey(tenant), teamId, season] as const,
}

/** The team's page in its current season, or in `season` (a season published ahead). */
export const fetchPublicTeam = (tenant: Tenant, teamId: number, season: number | null = null) =>
  api
    .get<{ team: PublicTeam }>(`/api/teamsv2/${teamId}`, {
      ...tenantQuery(tenant),
      ...(season ? { seasonId: String(season) } : {}),
    })
    .then((body) => body.team)

export const usePublicTeam = (tenant: Tenant, teamId: number, season: number | null = null) =>
  useQuery({
    queryKey: publicTeamKeys.team(tenant, teamId, season),
    queryFn: () => fetchPublicTeam(tenant, teamId, season),
    enabled: Number.isInteger(teamId) && teamId > 0,
    staleTime: 30_000,
    // A missing team is an answer, not a hiccup.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })
