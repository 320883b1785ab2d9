import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
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

/** A required text field whose every failure (missing, not text, blank) reads "<What> is required". */
export const requiredText = (what: string, max = 120) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max)

export const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
export const trimmed = (max = 200) => z.string().trim().max(max)
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null))
