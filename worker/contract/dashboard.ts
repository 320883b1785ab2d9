// What GET /api/dashboard answers (docs/dashboard.md): what needs a staff member's attention in the
// acting organization's current and upcoming seasons.
import { z } from 'zod'
import { day, named, rowId } from './common'

/** Teams with fewer than five players (a season's places). */
const smallTeams = z.object({
  count: z.number().int().nonnegative(),
  teams: z.array(
    z.object({
      seasonId: rowId,
      teamId: rowId,
      name: z.string(),
      leagueId: rowId,
      league: z.string(),
      players: z.number().int().nonnegative(),
    }),
  ),
})
/** Leagues of a season without a game yet. */
const leaguesWithoutSchedule = z.array(z.object({ leagueId: rowId, name: z.string() }))

/** The dashboard's lists; each list of rows is capped, its count says how many there are in all. */
export const dashboardJson = z.object({
  /** The organization's calendar day the lists were made for. */
  today: day,
  /** The active season (null: none is active). */
  season: named.nullable(),
  /** Seasons running now: the active one, and any whose start and finish dates include today. */
  currentSeasons: z.array(named.extend({ leaguesWithoutSchedule })),
  /** Games of the current seasons dated in the last four weeks up to today, still without a result. */
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
        seasonId: rowId,
        season: z.string(),
        /** Played today. */
        tonight: z.boolean(),
      }),
    ),
  }),
  /** Teams of the current seasons with fewer than five players. */
  smallTeams,
  /** Leagues of the current seasons without a game yet. */
  leaguesWithoutSchedule,
  /** Seasons being prepared: not active, starting after today (or published ahead without a start date). */
  upcoming: z.array(
    named.extend({
      startDate: day.nullable(),
      /** The date of its first game (null: no game yet). */
      firstGame: day.nullable(),
      smallTeams,
      leaguesWithoutSchedule,
    }),
  ),
  /** Custom domains not yet live (every organization's, for the super admin). */
  pendingDomains: z.array(
    z.object({ organizationId: rowId, organization: z.string(), domain: z.string(), status: z.enum(['pending', 'failed']) }),
  ),
})
export type DashboardJson = z.output<typeof dashboardJson>
export const oneDashboard = z.object({ dashboard: dashboardJson })
