// Schedules on courts (docs/reference/schedule-builder.md §7): the generation's answer with its
// unmet requests explained, and a closed night's re-plan (the proposal and its publication).
import { z } from 'zod'
import { REQUEST_KINDS } from './team-constraints'

const named = z.object({ id: z.number().int(), name: z.string() })

/** A slot: a night, a start and a court (with its venue, both named). */
export const slotJson = z.object({
  date: z.string(),
  time: z.string(),
  courtId: z.number().int(),
  court: z.string(),
  venueId: z.number().int(),
  venue: z.string(),
})
export type SlotJson = z.output<typeof slotJson>

const gameAt = z.object({ home: named, away: named, slot: slotJson })

/** A request the schedule misses: whose, which, why (the game that took the slot that would have met it, or none could). */
export const unmetRequest = z.object({
  team: named,
  kind: z.enum(REQUEST_KINDS),
  reason: z.string().nullable(),
  game: gameAt,
  takenBy: z.object({ slot: slotJson, game: gameAt.nullable() }).nullable(),
})
export type UnmetRequestJson = z.output<typeof unmetRequest>

export const courtsGenerated = z.object({
  games: z.number().int(),
  unmet: z.array(unmetRequest),
  /** Meetings of the round robin no night had room for. */
  unplaced: z.array(z.object({ home: named, away: named })),
  /** The played and locked games kept as they were (docs/reference/schedule-builder.md §7). */
  kept: z.array(
    z.object({
      gameId: z.number().int(),
      home: named,
      away: named,
      date: z.string().nullable(),
      time: z.string().nullable(),
      slot: slotJson.nullable(),
    }),
  ),
})
export type CourtsGenerated = z.output<typeof courtsGenerated>

export const generateOnCourtsInput = z.object({
  /** The venues whose courts the schedule fills; none: every venue of the organization. */
  venueIds: z.array(z.coerce.number().int().positive()).max(50).optional(),
})

/** One game moved: from → to; `cancelled` when the closure took its slot, else moved to make room. */
export const moveJson = z.object({
  gameId: z.number().int(),
  version: z.number().int(),
  home: named,
  away: named,
  from: slotJson,
  to: slotJson,
  cancelled: z.boolean(),
})
export type MoveJson = z.output<typeof moveJson>

export const replanProposal = z.object({
  cancelled: z.number().int(),
  moves: z.array(moveJson),
  unplaced: z.array(z.object({ gameId: z.number().int(), home: named, away: named, from: slotJson })),
  /** Hard rules the re-plan would break that the schedule did not: always 0. */
  newHardViolations: z.number().int(),
})
export type ReplanProposal = z.output<typeof replanProposal>

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format yyyy-MM-dd')
  .optional()

export const replanQuery = z.object({ makeUpDate: isoDay })

/** Publish: the proposal as the staff saw it (each move's game, version and target). */
export const replanPublish = z.object({
  makeUpDate: isoDay,
  moves: z
    .array(
      z.object({
        gameId: z.coerce.number().int().positive(),
        version: z.coerce.number().int().positive(),
        date: z.string(),
        time: z.string(),
        courtId: z.coerce.number().int().positive(),
      }),
    )
    .min(1, 'Nothing to publish')
    .max(500),
})
export const replanPublished = z.object({ moved: z.number().int() })
