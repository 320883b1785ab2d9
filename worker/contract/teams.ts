// Answers of the team calls (docs/reference/league-admin.md "Global team list", docs/reference/public-site.md).
import { z } from 'zod'
import { imageUrl, named, pageFields, rowId, teamBadge, version } from './common'

/** A team of the organization's global list. */
export const team = teamBadge.extend({
  leagueId: rowId.nullable(),
  leagueName: z.string().nullable(),
  league: z.object({ id: rowId, name: z.string().nullable() }).nullable(),
  playersCount: z.number().int().nonnegative(),
  /** Times the team cannot play ("18:00"), for the schedule builder. */
  unavailableSlots: z.array(z.string()),
  version,
})
export type Team = z.output<typeof team>

/** A player as a roster lists them: name and photo. */
export const rosterPerson = z.object({ id: rowId, firstName: z.string(), lastName: z.string(), image: imageUrl })

/** A player on a team's roster. */
export const rosterPlayer = rosterPerson.extend({
  roster_id: rowId.optional(),
  /** Staff only, present when true: the public site shows a neutral word for this name (docs/members.md "Privacy"). */
  hideName: z.boolean().optional(),
})
export type RosterPlayer = z.output<typeof rosterPlayer>

/** A game of a team, as its page lists them. */
export const teamGame = z.object({
  id: rowId,
  date: z.string().nullable(),
  time: z.string().nullable(),
  game_dateTime: z.string().nullable(),
  location: z.string().nullable(),
  status: z.string().nullable(),
  season_id: rowId.nullable(),
  leagueId: rowId.nullable(),
  team1_id: rowId,
  team2_id: rowId,
  score_team1: z.number().int().nullable(),
  score_team2: z.number().int().nullable(),
  homeTeam: named,
  awayTeam: named,
})
export type TeamGame = z.output<typeof teamGame>

const seasonRef = z.object({ id: rowId, name: z.string(), active: z.boolean() })

/** GET /teamsv2/{id}: the team's place (active season's, latest, or the one asked for) with roster and games. */
export const teamOverview = teamBadge.extend({
  captain_id: rowId.nullable(),
  captain: z.string().nullable(),
  league: named.nullable(),
  season: seasonRef.nullable(),
  division: named.nullable(),
  rosters: z.array(rosterPlayer),
  players: z.array(rosterPlayer),
  games: z.array(teamGame),
  places: z.array(z.object({ season: seasonRef.extend({ published: z.boolean() }), league: named })),
})
export type TeamOverview = z.output<typeof teamOverview>

export const teamList = z.object({ teams: z.array(team) })
/** The paged global list: a page of teams, and the season it is scoped to (null: every team). */
export const teamPage = teamList.extend({ ...pageFields, seasonId: rowId.nullable() })
export const oneTeam = z.object({ team })
