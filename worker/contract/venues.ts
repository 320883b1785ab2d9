// Venues, their courts and dated closures (docs/venues.md): the answers and the request bodies.
import { z } from 'zod'
import { day, rowId, version } from './common'
import { CONTROL, clockTime, isoDate, optionalText, requiredText, versionField } from './fields'
import { WEEKDAYS, weekday } from './schedules'

const hoursSpan = z.object({ day: z.enum(WEEKDAYS), from: z.string(), to: z.string() })

/** A court of a venue: its name and the weekly hours it can be booked. */
export const court = z.object({ id: rowId, name: z.string(), hours: z.array(hoursSpan), version })
export type Court = z.output<typeof court>

/** A dated closure: of one court (`court` names it) or of the whole venue (`court` null); all day without from/to. */
export const closure = z.object({
  id: rowId,
  courtId: rowId.nullable(),
  court: z.string().nullable(),
  date: day,
  from: z.string().nullable(),
  to: z.string().nullable(),
  reason: z.string(),
})
export type Closure = z.output<typeof closure>

export const venue = z.object({
  id: rowId,
  name: z.string(),
  address: z.string().nullable(),
  mapUrl: z.string().nullable(),
  courts: z.array(court),
  closures: z.array(closure),
  /** How many games are played here: a delete of a venue games use needs ?confirm=true. */
  games: z.number().int().nonnegative(),
  version,
})
export type Venue = z.output<typeof venue>
export const venueList = z.object({ venues: z.array(venue) })
export const oneVenue = z.object({ venue })

// ---- Request bodies ----

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

const hoursInput = z
  .object({ day: weekday, from: clockTime(), to: clockTime() })
  .refine((h) => minutes(h.from) < minutes(h.to), { message: 'Closes before it opens', path: ['to'] })

/** A map link: http(s) only, so a page never links to script. */
export const mapLink = z
  .string()
  .trim()
  .max(500, 'Map link must be at most 500 characters')
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), 'Use an https:// link')
  .nullish()
  .transform((v) => (v ? v : null))

const courtInput = z.object({
  /** An existing court keeps its id (games that use it stay on it); a court without one is new. */
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  name: requiredText('Court name', 60),
  hours: z.array(hoursInput).max(28, 'At most 28 openings a week').default([]),
})

const closureInput = z
  .object({
    /** The court's name as sent in `courts`; empty or null: the whole venue. */
    court: z
      .string()
      .trim()
      .max(60)
      .nullish()
      .transform((v) => (v ? v : null)),
    date: isoDate,
    from: z.preprocess((v) => (v === '' ? null : v), clockTime().nullish()),
    to: z.preprocess((v) => (v === '' ? null : v), clockTime().nullish()),
    reason: requiredText('Reason', 200),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.from) !== Boolean(c.to))
      ctx.addIssue({ code: 'custom', message: 'Give both times, or neither for the whole day', path: [c.from ? 'to' : 'from'] })
    else if (c.from && c.to && minutes(c.from) >= minutes(c.to))
      ctx.addIssue({ code: 'custom', message: 'Ends before it starts', path: ['to'] })
  })

/** POST /venues and PUT /venues/{id}: the whole venue, its courts and closures (a PUT replaces them). */
export const venueInput = z
  .object({
    version: versionField,
    name: requiredText('Venue name', 120),
    address: optionalText(300).refine((v) => v === null || !CONTROL.test(v), 'Address cannot contain line breaks'),
    mapUrl: mapLink,
    courts: z.array(courtInput).max(40, 'At most 40 courts').default([]),
    closures: z.array(closureInput).max(500, 'At most 500 closures').default([]),
  })
  .superRefine((v, ctx) => {
    const names = new Map<string, number>()
    v.courts.forEach((c, i) => {
      const key = c.name.toLowerCase()
      if (names.has(key)) ctx.addIssue({ code: 'custom', message: 'Two courts have this name', path: ['courts', i, 'name'] })
      names.set(key, i)
    })
    const ids = new Set<number>()
    v.courts.forEach((c, i) => {
      if (c.id === undefined) return
      if (ids.has(c.id)) ctx.addIssue({ code: 'custom', message: 'The same court twice', path: ['courts', i, 'id'] })
      ids.add(c.id)
    })
    v.closures.forEach((c, i) => {
      if (c.court !== null && !names.has(c.court.toLowerCase()))
        ctx.addIssue({ code: 'custom', message: 'No court of this venue has this name', path: ['closures', i, 'court'] })
    })
  })
export type VenueInput = z.output<typeof venueInput>
