import { zValidator } from '@hono/zod-validator'
import type { Context, ValidationTargets } from 'hono'
import { resolver, uniqueSymbol } from 'hono-openapi'
import type { z } from 'zod'
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

/**
 * zValidator that answers a bad input with our 400 `{ message, fields }`, and lends its schema to the
 * API document (worker/lib/openapi.ts) as the request's parameters or body.
 */
export const validate = <Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) =>
  Object.assign(
    zValidator(target, schema, (result) => {
      if (!result.success) throw invalid(result.error as unknown as z.ZodError)
    }),
    { [uniqueSymbol]: { target, ...resolver(schema, { options: { io: 'input' } }) } },
  )

/** Parses already-extracted input (e.g. multipart fields) the same way. */
export function parseWith<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value)
  if (!result.success) throw invalid(result.error)
  return result.data
}

export * from '../contract/fields'

/** The version a write names: a body's `version`, or `?version=` on a delete (docs/api-concurrency.md). */
export function versionOf(c: Context, body?: { version?: number | null }): number | undefined {
  if (body?.version !== undefined && body.version !== null) return body.version
  const query = c.req.query('version')
  if (query === undefined || query === '') return undefined
  const n = Number(query)
  if (!Number.isSafeInteger(n) || n < 1) throw new ApiError(400, 'version must be a whole number', { version: 'Not a version' })
  return n
}
