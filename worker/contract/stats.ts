// The stat definitions of a sport: what the stats calls take and answer (docs/reference/league-admin.md §6).
import { z } from 'zod'
import { rowId } from './common'

/** A stat definition as the wire names it (docs/reference/league-admin.md §3). */
export const statDefinition = z.object({
  id: rowId,
  name: z.string(),
  abbreviation: z.string(),
  /** Place in the box score and the screens, from 0. */
  order: z.number().int(),
  is_visible: z.boolean(),
  sport_id: rowId,
})
export type StatDefinition = z.output<typeof statDefinition>
export const statList = z.object({ stats: z.array(statDefinition) })
export const oneStat = z.object({ stat: statDefinition })

/**
 * A reorder (docs/reference/league-admin.md drag-sortable screens): each id once, with its new place.
 */
export const orderList = z
  .array(
    z.object({
      id: z.coerce.number('Each entry needs an id').int().positive().max(Number.MAX_SAFE_INTEGER),
      order: z.coerce.number('Each entry needs an order').int('Order must be a whole number').min(0).max(1_000_000),
    }),
    'Expected a list of { id, order }',
  )
  .min(1, 'Nothing to reorder')
  .max(500, 'At most 500 at a time')
  .refine((list) => new Set(list.map((item) => item.id)).size === list.length, 'Each id may appear only once')

/** PUT /statsv2/reorder. */
export const statsOrder = z.object({ stats: orderList })
/** PUT /statsv2/{id}/toggle-visibility. */
export const statVisibility = z.object({ hidden: z.boolean('hidden must be true or false') })
