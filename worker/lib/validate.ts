import { zValidator } from '@hono/zod-validator'
import type { Context, ValidationTargets } from 'hono'
import { z } from 'zod'
import { ApiError } from './errors'

/** Zod issues as `{ field: problem }`, the first problem per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_'
    fields[key] ??= issue.message
  }
  return fields
}

export function invalid(error: z.ZodError): ApiError {
  const fields = fieldErrors(error)
  const [first] = Object.entries(fields)
  // Our own messages are sentences a screen can show; zod's generic ones need the field named.
  const generic = first && /^(Invalid|Too (big|small)|Expected|Unrecognized)/.test(first[1])
  const message = !first ? 'Invalid input' : generic && first[0] !== '_' ? `${first[0]}: ${first[1]}` : first[1]
  return new ApiError(400, message, fields)
}

/** zValidator that answers a bad input with our 400 `{ message, fields }`. */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw invalid(result.error as unknown as z.ZodError)
  })

/** Parses already-extracted input (e.g. multipart fields) the same way. */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value)
  if (!result.success) throw invalid(result.error)
  return result.data
}

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
export const trimmed = (max = 200) => z.string().trim().max(max)
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null))

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

/** An optional name (empty means "not given"), with the name rule's limits when given. */
export const optionalName = (what: string, max = 120) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), `${what} cannot contain line breaks or other control characters`)
    .optional()

/** The version a write names: a body's `version`, or `?version=` on a delete (docs/api-concurrency.md). */
export function versionOf(c: Context, body?: { version?: number | null }): number | undefined {
  if (body?.version !== undefined && body.version !== null) return body.version
  const query = c.req.query('version')
  if (query === undefined || query === '') return undefined
  const n = Number(query)
  if (!Number.isSafeInteger(n) || n < 1) throw new ApiError(400, 'version must be a whole number', { version: 'Not a version' })
  return n
}
