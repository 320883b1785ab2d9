// Answers and bodies of the player calls (docs/reference/league-admin.md §3, §5, §7; docs/reference/public-site.md §2.8, §3).
import { z } from 'zod'
import { imageUrl, named, pageFields, rowId, version } from './common'
import { id, requiredText } from './fields'
import { careerAndSplits, seasonStats, statsPageFields } from './player-stats'
import { playerAttribute } from './settings'

/** A place of the player on a team's roster, active season first, then the latest. */
export const rosterPlace = z.object({
  /** The roster row. */
  id: rowId,
  /** The season's league team the roster belongs to. */
  slt_id: rowId,
  team: named,
  league: named,
  season: named.extend({ active: z.boolean() }),
  /** Whether the roster's season is the active one. */
  active: z.boolean(),
})
export type RosterPlace = z.output<typeof rosterPlace>

/** A player; `team` is the current team (active season first, else the latest), null on no roster. */
export const player = z.object({
  version,
  id: rowId,
  firstName: z.string(),
  lastName: z.string(),
  image: imageUrl,
  team: named.nullable(),
  rosters: z.array(rosterPlace),
  /** Staff only, present when true: the public site shows a neutral word for this name (docs/members.md "Privacy"). */
  hideName: z.boolean().optional(),
})
export type Player = z.output<typeof player>

/** The player's value of an attribute (visitors: visible attributes only). */
export const attributeValue = z.object({
  /** Null when the player has no value for the attribute yet. */
  id: rowId.nullable(),
  value: z.string().nullable(),
  attribute_id: rowId,
  attribute: playerAttribute,
})
export type AttributeValue = z.output<typeof attributeValue>

/** A player with attribute values and the teams they have played for. */
export const playerDetail = player.extend({
  attributeValues: z.array(attributeValue),
  teamHistory: z.array(rosterPlace.pick({ team: true, league: true, season: true })),
  /** Staff only (docs/members.md "Accounts"): the player's private e-mail; never in a public answer. */
  email: z.string().nullable().optional(),
  /** Staff only: the public site shows a neutral placeholder instead of the name (docs/members.md "Privacy"). */
  hideName: z.boolean().optional(),
})
export type PlayerDetail = z.output<typeof playerDetail>

/** One page of players by name; `truncated`: more players match. */
export const playerList = z.object({ players: z.array(player), truncated: z.boolean() })
/**
 * A counted page (docs/decisions/2026-11-25-admin-paging.md) and the season it is about (null: every
 * season); for staff, `duplicate` says another player of the organization has the same name.
 */
export const playerPage = playerList.extend({
  players: z.array(player.extend({ duplicate: z.boolean().optional() })),
  ...pageFields,
  seasonId: rowId.nullable(),
})
export type PlayerPage = z.output<typeof playerPage>

/** The public players page's league and team choices: the active season's, by name. */
export const playerChoices = z.object({ leagues: z.array(named), teams: z.array(named.extend({ leagueId: rowId })) })
export type PlayerChoices = z.output<typeof playerChoices>

export const onePlayer = z.object({ player: playerDetail })

/** GET /playersv2/{id}/basic: the profile's header, stat boxes and game log. */
export const playerBasic = statsPageFields.extend({
  player: playerDetail,
  teamHistory: playerDetail.shape.teamHistory,
  activeSeasonId: rowId.nullable(),
})
export type PlayerBasic = z.output<typeof playerBasic>

/** GET /playersv2/{id}/stats: every game, the season breakdown, the career and its splits. */
export const playerSeasonStats = statsPageFields.extend({ seasons: z.array(seasonStats), ...careerAndSplits.shape })
export type PlayerSeasonStats = z.output<typeof playerSeasonStats>

const personName = (what: string) => requiredText(what, 60)
/**
 * A player's e-mail (docs/members.md "Accounts"): stored lower-case; empty clears it. Private: staff
 * answers only.
 */
export const playerEmail = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string({ error: 'Enter a valid e-mail address' })
    .trim()
    .max(254, 'That e-mail address is too long')
    .pipe(z.email({ error: 'Enter a valid e-mail address' }))
    .transform((v) => v.toLowerCase())
    .nullable()
    .optional(),
)
/** A form's check box as the multipart body sends it ("true"/"false"), or a JSON boolean. */
const formFlag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional())
/** POST /playersv2 (multipart, with an optional `image`). */
export const newPlayer = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: playerEmail,
  hideName: formFlag,
})
/** PUT /playersv2/{id} (multipart, with an optional `image`): the names (e-mail, hidden name) sent change. */
export const nameChanges = newPlayer.partial()
/** PUT /playersv2/{id} with `attributes`: attribute id → value; empty clears. */
export const attributeValues = z.object({
  attributes: z.record(z.string().regex(/^\d+$/), z.union([z.string().max(200), z.number(), z.null()])),
})
/** POST /playersv2/delete: the players deleted together, or none. */
export const playerIds = z.object({ ids: z.array(id).min(1).max(500) })
