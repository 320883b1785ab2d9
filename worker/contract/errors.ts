// What every error answer carries (worker/lib/errors.ts, docs/api-concurrency.md): the API
// document's `Error` component (worker/lib/openapi.ts) and the SPA's type of it.
import { z } from 'zod'

/** Who changed a row last, as a 409 on a stale edit names it (from the audit trail). */
export const changedBy = z.object({
  username: z.string(),
  at: z.string(),
  action: z.string().optional(),
  /** The fields that change touched. */
  fields: z.array(z.string()).optional(),
})
export type ChangedBy = z.output<typeof changedBy>

export const apiError = z.looseObject({
  message: z.string().describe('A sentence a screen can show.'),
  fields: z
    .record(z.string(), z.string())
    .optional()
    .describe('A 400: the problem of each failing field, keyed by its path ("name", "slots.0.time").'),
  current: z.unknown().optional().describe('A 409 on a stale edit: the current copy, to merge with or start from again.'),
  changedBy: changedBy.nullable().optional().describe('A 409 on a stale edit: who saved the current copy, when known.'),
})
export type ApiErrorBody = z.output<typeof apiError>
