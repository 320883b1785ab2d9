// Answers of the live-scoring calls (docs/live-scoring.md): the game's events, the scorer's
// acknowledgement, and the games being scored now.
import { z } from 'zod'
import { rowId } from './common'
import { GAME_ACTIONS, STAT_ACTIONS } from './values'

/** One event as stored and sent (game_events; `pos` is the arrival order the Durable Object gave it). */
export const liveEvent = z.object({
  id: z.string(),
  deviceId: z.string(),
  seq: z.number().int(),
  action: z.enum([...STAT_ACTIONS, ...GAME_ACTIONS]),
  playerId: rowId.nullable(),
  teamId: rowId.nullable(),
  period: z.number().int(),
  /** For an undo: the id of the event it cancels. */
  ref: z.string().nullish(),
  userId: rowId.nullish(),
  /** When the device made it, and when the game's Durable Object stored it (ISO). */
  at: z.string().optional(),
  receivedAt: z.string().optional(),
  pos: z.number().int().optional(),
})
export type LiveEvent = z.output<typeof liveEvent>

/** Where the game's stream stands: the last position, whether the final whistle blew, and the events after ?after=. */
export const liveState = z.object({ pos: z.number().int().nonnegative(), final: z.boolean(), events: z.array(liveEvent) })
export type LiveState = z.output<typeof liveState>

/** The scorer's acknowledgement: events stored, events already stored (sent again), and the stream's state. */
export const appendAnswer = liveState.omit({ events: true }).extend({
  stored: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
})
export type AppendAnswer = z.output<typeof appendAnswer>

/** A game being scored now (events in the last 6 hours, no final whistle): the "Live now" strip. */
export const liveNowGame = z.object({
  id: rowId,
  homeTeam: z.string(),
  awayTeam: z.string(),
  date: z.string().nullable(),
  time: z.string().nullable(),
  /** When its last event arrived (ISO). */
  lastEventAt: z.string(),
})
export type LiveNowGame = z.output<typeof liveNowGame>
export const liveNow = z.object({ games: z.array(liveNowGame) })
