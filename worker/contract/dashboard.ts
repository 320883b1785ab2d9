// What GET /api/dashboard answers (docs/dashboard.md): what needs a staff member's attention in the
// acting organization's active season.
import { z } from 'zod'
import { day, named, rowId } from './common'

/** The dashboard's lists; each list of rows is capped, its count says how many there are in all. */
export const dashboardJson = z.object({
  /** The organization's calendar day the lists were made for. */
  today: day,
  /** The active season (null: none is active). */
  season: named.nullable(),
  /** Games dated today or earlier still without a result. */
  gamesWithoutResult: z.object({
    count: z.number().int().nonnegative(),
    games: z.array(
      z.object({
        id: rowId,
        date: day.nullable(),
        time: z.string().nullable(),
        /** The home team's name. */
        home: z.string(),
        away: z.string(),
        league: z.string().nullable(),
        /** Played today. */
        tonight: z.boolean(),
      }),
    ),
  }),
  /** Teams with fewer than five players. */
  smallTeams: z.object({
    count: z.number().int().nonnegative(),
    teams: z.array(
      z.object({
        teamId: rowId,
        name: z.string(),
        leagueId: rowId,
        league: z.string(),
        players: z.number().int().nonnegative(),
      }),
    ),
  }),
  /** Leagues of the season without a game yet. */
  leaguesWithoutSchedule: z.array(z.object({ leagueId: rowId, name: z.string() })),
  /** Custom domains not yet live (every organization's, for the super admin). */
  pendingDomains: z.array(
    z.object({ organizationId: rowId, organization: z.string(), domain: z.string(), status: z.enum(['pending', 'failed']) }),
  ),
})
export type DashboardJson = z.output<typeof dashboardJson>
export const oneDashboard = z.object({ dashboard: dashboardJson })
