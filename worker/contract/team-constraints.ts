// Team constraints (docs/venues.md "Team constraints"): a team's blackout dates (hard) and requests
// (soft), each with its reason — the answers and the request body.
import { z } from 'zod'
import { day, rowId } from './common'
import { clockTime, isoDate, requiredText } from './fields'

/** The soft requests a team can make of its schedule; the generator weighs them (docs/reference/schedule-builder.md). */
export const REQUEST_KINDS = ['earliestStart', 'latestStart', 'preferredVenue', 'oneGameANight'] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]

export const blackout = z.object({ id: rowId, date: day, reason: z.string(), byCaptain: z.boolean() })
export type Blackout = z.output<typeof blackout>

export const teamRequest = z.object({
  id: rowId,
  kind: z.enum(REQUEST_KINDS),
  /** HH:mm for earliestStart and latestStart. */
  time: z.string().nullable(),
  /** The preferred venue (preferredVenue). */
  venueId: rowId.nullable(),
  venue: z.string().nullable(),
  reason: z.string(),
  byCaptain: z.boolean(),
})
export type TeamRequest = z.output<typeof teamRequest>

/**
 * The team's whole set. `version` is the set's revision: it changes with every save (0 before the
 * first), and a save that names an older one is a 409 (docs/api-concurrency.md).
 */
export const teamConstraints = z.object({
  teamId: rowId,
  teamName: z.string(),
  blackouts: z.array(blackout),
  requests: z.array(teamRequest),
  version: z.number().int().nonnegative(),
})
export type TeamConstraints = z.output<typeof teamConstraints>
export const oneTeamConstraints = z.object({ constraints: teamConstraints })

/**
 * A captain's read (docs/venues.md "Team constraints"): the set, the organization's venues to choose
 * a preferred one from (id and name only), and whether the team's league already has games — then a
 * change counts from the schedule's next generation only.
 */
export const captainTeamConstraints = oneTeamConstraints.extend({
  venues: z.array(z.object({ id: rowId, name: z.string() })),
  scheduled: z.boolean(),
})
export type CaptainTeamConstraints = z.output<typeof captainTeamConstraints>

// ---- Request body ----

const reason = requiredText('Reason', 200)

const requestInput = z
  .object({
    kind: z.enum(REQUEST_KINDS, { error: 'Choose what the team asks for' }),
    time: z.preprocess((v) => (v === '' ? null : v), clockTime().nullish()),
    venueId: z.preprocess(
      (v) => (v === '' ? null : v),
      z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
    ),
    reason,
  })
  .superRefine((r, ctx) => {
    if ((r.kind === 'earliestStart' || r.kind === 'latestStart') && !r.time)
      ctx.addIssue({ code: 'custom', message: 'Give the time', path: ['time'] })
    if (r.kind === 'preferredVenue' && !r.venueId)
      ctx.addIssue({ code: 'custom', message: 'Choose the venue', path: ['venueId'] })
  })

/** PUT …/constraints: the team's whole set (it replaces the one saved), with the `version` read. */
export const teamConstraintsInput = z
  .object({
    version: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
    ),
    blackouts: z
      .array(z.object({ date: isoDate, reason }))
      .max(200, 'At most 200 blackout dates')
      .default([]),
    requests: z.array(requestInput).max(20, 'At most 20 requests').default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>()
    v.blackouts.forEach((b, i) => {
      if (seen.has(b.date)) ctx.addIssue({ code: 'custom', message: 'This date is listed twice', path: ['blackouts', i, 'date'] })
      seen.add(b.date)
    })
  })
export type TeamConstraintsInput = z.output<typeof teamConstraintsInput>
