// Answers and bodies of an organization's game periods and player attributes
// (docs/reference/league-admin.md Game Periods, Player Attributes, §9).
import { z } from 'zod'
import { rowId } from './common'
import { requiredText } from './fields'

/** A period of a sport's games (docs/reference/league-admin.md §3), in the screen's order. */
export const gamePeriod = z.object({
  id: rowId,
  name: z.string(),
  order: z.number().int(),
  /** Hidden periods are kept (their scores too) but not offered in box scores. */
  hidden: z.boolean(),
  sportId: rowId,
})
export type GamePeriod = z.output<typeof gamePeriod>

export const onePeriod = z.object({ period: gamePeriod })
export const periodList = z.object({ periods: z.array(gamePeriod) })

/** The kinds of value an attribute holds (docs/reference/league-admin.md §9). */
export const attributeTypes = ['string', 'number', 'date'] as const
export type AttributeType = (typeof attributeTypes)[number]

/** A player attribute (Number, Position, …) as docs/reference/league-admin.md §3 names it. */
export const playerAttribute = z.object({
  id: rowId,
  attribute_name: z.string(),
  attribute_type: z.enum(attributeTypes),
  /** Visitors see only visible attributes on a player's page. */
  is_visible: z.boolean(),
  order: z.number().int(),
})
export type PlayerAttribute = z.output<typeof playerAttribute>

export const oneAttribute = z.object({ attribute: playerAttribute })
export const attributeList = z.object({ attributes: z.array(playerAttribute) })

// A client that has no user to act for sends `userId=` (or the text undefined/null): treat it as absent.
export const userIdField = z.preprocess(
  (v) => (v === '' || v === null || v === 'undefined' || v === 'null' ? undefined : v),
  z.coerce.number('userId must be a user id').int('userId must be a user id').positive('userId must be a user id').optional(),
)

/** POST /gamePeriods: a period added at the end of the sport's list, for the caller's or `userId`'s organization. */
export const newPeriod = z.object({
  sportId: z.coerce.number('Choose a sport').int('Choose a sport').positive('Choose a sport'),
  name: requiredText('Name', 60),
  userId: userIdField,
})

// docs/reference/league-admin.md §9: string, number, date; the screen's labels Text, Number, Date are accepted too.
const attributeType = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v
    const type = v.trim().toLowerCase()
    return type === 'text' ? 'string' : type
  },
  z.enum(attributeTypes, 'Type must be Text, Number or Date'),
)

/** POST /playerAttributes: a visible attribute added at the end of the list. */
export const newAttribute = z.object({
  name: requiredText('Name', 60),
  type: attributeType,
})

/** PUT /playerAttributes/{id}/toggleAttributeVisibility. */
export const attributeVisibility = z.object({ is_visible: z.boolean('is_visible must be true or false') })
