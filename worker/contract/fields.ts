// The field rules every input shares (docs/validation.md): plain zod, so the request
// schemas in worker/contract/ (and the SPA's types from them) use the same rules as the routes.
import { z } from 'zod'

/** Line breaks and other control characters: never part of a name (they break feeds and CSV rows). */
export const CONTROL = /[\p{Cc}\u2028\u2029]/u

/**
 * The one rule for names: required ("<What> is required" when missing, not text or blank), at most
 * `max` characters (said so), and no control characters.
 */
export const requiredText = (what: string, max = 120) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), `${what} cannot contain line breaks or other control characters`)

/** A row id in a path, query or body: a positive whole number (from text, in paths and queries). */
export const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)
export const idParam = z.object({ id })
/** The same, with a sentence of its own for each way it can fail (a query's filter ids). */
export const idSaying = (notNumber: string, notWhole: string, notPositive: string) =>
  z.coerce.number(notNumber).int(notWhole).positive(notPositive).max(Number.MAX_SAFE_INTEGER)
export const trimmed = (max = 200) => z.string().trim().max(max)
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null))

/**
 * The fields an update sends, of those named: an absent field keeps its value (a PUT changes only
 * what it is sent), while null is a value it is set to.
 */
export const sentFields = <T extends object, K extends keyof T>(input: T, keys: readonly K[]) =>
  Object.fromEntries(keys.filter((key) => input[key] !== undefined).map((key) => [key, input[key]])) as {
    [P in K]?: Exclude<T[P], undefined>
  }

/**
 * An update must change something: `{}` (or only a version) is a 400, never a write of nothing
 * (docs/api-concurrency.md lists `version` as bookkeeping, not a change).
 */
export const someChange = <T extends z.ZodType<Record<string, unknown>>>(schema: T) =>
  schema.refine((value) => Object.entries(value).some(([key, v]) => key !== 'version' && v !== undefined), {
    message: 'Nothing to change: send at least one field',
  })

/** A list of ids, each kept once (the same sport twice is the same sport). */
export const uniqueIds = (max: number) =>
  z
    .array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .max(max)
    .transform((ids) => [...new Set(ids)])

/**
 * The version an edit was made from (docs/api-concurrency.md): a number in JSON or a form field;
 * absent, empty or null means a client of the original API, which never sends one.
 */
export const versionField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
)

/** null read as "not given" (absent), for fields the original client sends as null when unused. */
export const notGiven = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null ? undefined : v), schema)

/** A real calendar date written yyyy-MM-dd: 2025-02-30 and 2025-04-31 are not. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** The one date validator every route uses: yyyy-MM-dd, and a day that exists. */
export const isoDate = z
  .string({ error: 'Use the date format yyyy-MM-dd' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format yyyy-MM-dd')
  .refine(isCalendarDate, 'Not a real date')

/** A time of day as HH:mm (24-hour). */
export const clockTime = (message = 'Use a time like 19:00') =>
  z
    .string({ error: message })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, message)

/**
 * Times as a list or as text ("18:00, 19:00"), each kept once and sorted: a schedule's slots, the
 * times a team cannot play. `message` is a listed time's error.
 */
export const timeList = (message: string) =>
  z.union([z.array(clockTime(message)), z.string().max(500)]).transform((v, ctx) => {
    const list = Array.isArray(v)
      ? v
      : v
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
    const bad = list.find((t) => !/^([01]\d|2[0-3]):[0-5]\d$/.test(t))
    if (bad === undefined) return [...new Set(list)].sort()
    ctx.addIssue({ code: 'custom', message: `"${bad}" is not a time like 18:00` })
    return z.NEVER
  })

/** An optional name (empty means "not given"), with the name rule's limits when given. */
export const optionalName = (what: string, max = 120) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), `${what} cannot contain line breaks or other control characters`)
    .optional()
