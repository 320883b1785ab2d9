// The season calls (docs/reference/league-admin.md §7: /api/seasonsv2 with its leagues, divisions and
// teams; /api/divisions; /api/leagues, /api/leaguesv2, /api/seasonsleagues): what they take and answer.
import { z } from 'zod'
import { day, named, rowId, version } from './common'
import { id, isoDate, optionalName, requiredText, someChange, versionField } from './fields'
import { standingRow } from './standings'
import { rosterPlayer, teamGame } from './teams'

// ---- requests ----

/** A season, league, team or player name: required, at most 120 characters. */
export const name = (what: string) => requiredText(`${what} name`)
/** The ids a bulk delete names. */
export const idsBody = z.object({ ids: z.array(id).min(1, 'Select at least one').max(500) })
/** A place in a new order (drag to reorder). */
const position = z.number().int().min(0).max(10_000)
const ordered = z.object({ id, position })

export const seasonBody = z
  .object({
    name: name('Season'),
    startDate: isoDate.nullish(),
    finishDate: isoDate.nullish(),
    active: z.boolean().default(false),
    // null or absent: not published ahead (docs/published-seasons.md).
    published: z.boolean().nullish(),
    sport_id: id.nullish(),
  })
  .refine((s) => !s.startDate || !s.finishDate || s.startDate <= s.finishDate, {
    message: 'Finish must not be before start',
    path: ['finishDate'],
  })
export const seasonChanges = someChange(
  z.object({
    version: versionField,
    name: name('Season').optional(),
    startDate: isoDate.nullish(),
    finishDate: isoDate.nullish(),
    active: z.boolean().optional(),
    published: z.boolean().nullish(),
    sport_id: id.nullish(),
  }),
)

/** A new league in the season, or one copied from another season with its teams and rosters. */
export const newLeague = z.object({
  name: optionalName('League name'),
  season_id: id.optional(),
  copyFromSeasonId: id.nullish(),
  copyFromLeagueId: id.nullish(),
})
export const leagueOrder = z.object({ orderedLeagues: z.array(ordered).max(500) })
/**
 * A league's rules for members (docs/members.md "League rules"): each optional, so the spec's rename
 * ({ name, version }) is accepted as before; a null roster size or deadline removes it.
 */
export const leagueRules = z.object({
  rosterSize: z
    .number({ error: 'Roster size must be a whole number from 1 to 200' })
    .int('Roster size must be a whole number from 1 to 200')
    .min(1, 'Roster size must be a whole number from 1 to 200')
    .max(200, 'Roster size must be a whole number from 1 to 200')
    .nullable()
    .optional(),
  rosterDeadline: isoDate.nullable().optional(),
  reminderHours: z
    .number({ error: 'Reminder lead must be a whole number of hours from 1 to 336' })
    .int('Reminder lead must be a whole number of hours from 1 to 336')
    .min(1, 'Reminder lead must be a whole number of hours from 1 to 336')
    .max(336, 'Reminder lead must be a whole number of hours from 1 to 336')
    .optional(),
  minPlayers: z
    .number({ error: 'Minimum players must be a whole number from 1 to 50' })
    .int('Minimum players must be a whole number from 1 to 50')
    .min(1, 'Minimum players must be a whole number from 1 to 50')
    .max(50, 'Minimum players must be a whole number from 1 to 50')
    .optional(),
  reportDeadlineHours: z
    .number({ error: 'Report deadline must be a whole number of hours from 1 to 336' })
    .int('Report deadline must be a whole number of hours from 1 to 336')
    .min(1, 'Report deadline must be a whole number of hours from 1 to 336')
    .max(336, 'Report deadline must be a whole number of hours from 1 to 336')
    .optional(),
})
export type LeagueRules = z.output<typeof leagueRules>
export const leagueRename = z.object({ name: name('League'), version: versionField }).extend(leagueRules.shape)
export const newDivision = z.object({ name: requiredText('Division name') })
export const divisionOrder = z.object({ orderedDivisions: z.array(ordered).max(500) })
/** A team (its place in a league of the season) dropped into a division. */
export const divisionTeam = z.object({ seasons_leagues_teams_id: id })
export const divisionTeamOrder = z.object({ orderedTeams: z.array(z.object({ slt_id: id, position })).max(500) })

/** A new team in the league, or an existing one (keeping its history) copied in. */
export const newSeasonTeam = z
  .object({ name: optionalName('Team name'), copyFromTeamId: id.nullish() })
  .refine((t) => Boolean(t.copyFromTeamId) || Boolean(t.name), {
    message: 'Please enter a team name or select an existing team',
    path: ['name'],
  })
/** The multipart fields of a team's edit (its logo is the file field `logo`); an empty captainId clears the captain. */
export const seasonTeamEdit = z.object({
  version: versionField,
  name: name('Team').optional(),
  captainId: z.union([id, z.literal(''), z.null()]).optional(),
})
/** An existing player put on the roster. */
export const existingRosterPlayer = z.object({ player_id: id })
/** The multipart fields of a new player made on the roster (the photo is the file field `image`). */
export const newRosterPlayer = z.object({
  firstName: requiredText('First name', 60),
  lastName: requiredText('Last name', 60),
})

// ---- answers ----

/** A season as docs/reference/league-admin.md §3 names it. */
export const season = z.object({
  id: rowId,
  version,
  name: z.string(),
  startDate: day.nullable(),
  finishDate: day.nullable(),
  /** The season the public site shows (one per organization and sport). */
  active: z.boolean(),
  /** Listed publicly (as upcoming while not active) before it becomes active (docs/published-seasons.md). */
  published: z.boolean(),
  sport_id: rowId.nullable(),
  organization_id: rowId,
  organization: z.object({ name: z.string() }),
  sportsv2: z.object({ type: z.string(), name: z.string().nullable() }).nullable(),
})
export type Season = z.output<typeof season>
export const seasonList = z.object({ seasons: z.array(season) })
export const oneSeason = z.object({ season })

/** A season as other answers name it. */
export const seasonRef = named.extend({ active: z.boolean() })

/** A league of a season, in the season's order. */
export const seasonLeague = named.extend({
  /** The league's version, sent back with a rename (docs/api-concurrency.md). */
  version,
  position: z.number().int(),
  teamsCount: z.number().int().nonnegative(),
  /** The league's rules for members (docs/members.md "League rules"). */
  rosterSize: z.number().int().nullable(),
  rosterDeadline: z.string().nullable(),
  reminderHours: z.number().int(),
  minPlayers: z.number().int(),
  reportDeadlineHours: z.number().int(),
  /** The league's link to this season. */
  seasons_leagues: z.array(z.object({ id: rowId })),
})
export type SeasonLeague = z.output<typeof seasonLeague>
export const seasonLeagueList = z.object({ leagues: z.array(seasonLeague) })
export const oneSeasonLeague = z.object({ league: seasonLeague })

/** A league of the active season, labelled with the season (the public filters use these). */
export const activeLeague = seasonLeague.extend({ season: named, season_id: rowId })
export type ActiveLeague = z.output<typeof activeLeague>
export const activeLeagueList = z.object({ leagues: z.array(activeLeague) })
/** Every league of the organization, by name (the dashboard's GET /api/leagues). */
export const leagueList = z.object({ leagues: z.array(named) })

/** A season↔league link (GET /api/seasonsleagues). */
export const seasonsLeague = z.object({ id: rowId, league: named, season: seasonRef })
export type SeasonsLeague = z.output<typeof seasonsLeague>
export const seasonsLeagueList = z.object({ seasonsLeagues: z.array(seasonsLeague) })

/** The season's leagues, each with its teams' standings. */
export const leaguesWithTeams = z.object({
  season: seasonRef,
  leagues: z.array(seasonLeague.extend({ teams: z.array(standingRow) })),
})
export type LeaguesWithTeams = z.output<typeof leaguesWithTeams>

const divisionFields = named.extend({ position: z.number().int() })
/** A division with its teams in the division's own order (docs/reference/league-admin.md §9). */
export const division = divisionFields.extend({ teams: z.array(standingRow) })
export type Division = z.output<typeof division>
/** The season's divisions, and the teams in none of them in standings order. */
export const divisionsData = z.object({ divisions: z.array(division), unassigned: z.array(standingRow) })
export type DivisionsData = z.output<typeof divisionsData>
export const oneDivision = z.object({ division })
/** The season's divisions after a reorder (without their teams). */
export const divisionOrderList = z.object({ divisions: z.array(divisionFields.extend({ seasonId: rowId })) })
const divisionRef = z.object({ id: rowId })
export const divisionAck = z.object({ division: divisionRef })
/** The division after a team joined: its members' places (season-league-team ids). */
export const divisionMembers = z.object({ division: divisionRef.extend({ teams: z.array(divisionRef) }) })

/** A team in a league of a season: its standing, version, roster there and games. */
export const seasonTeam = standingRow.extend({
  /** The team's version, sent back with an edit (docs/api-concurrency.md). */
  version,
  players: z.array(rosterPlayer),
  games: z.array(teamGame),
})
export type SeasonTeam = z.output<typeof seasonTeam>
export const seasonTeamList = z.object({ teams: z.array(standingRow) })
export const oneStanding = z.object({ team: standingRow })
export const oneSeasonTeam = z.object({ team: seasonTeam })
export const rosterList = z.object({ players: z.array(rosterPlayer) })
export const oneRosterPlayer = z.object({ player: rosterPlayer })
