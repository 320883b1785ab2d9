// What every error answer carries (worker/lib/errors.ts, docs/api-concurrency.md). The API document
// keeps its own JSON schema of it (components.schemas.Error in worker/lib/openapi.ts); this is the
// same shape for the SPA's type.
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
  /** A sentence a screen can show. */
  message: z.string(),
  /** A 400: the problem of each failing field, keyed by its path ("name", "slots.0.time"). */
  fields: z.record(z.string(), z.string()).optional(),
  /** A 409 on a stale edit: the current copy, to merge with or start from again. */
  current: z.unknown().optional(),
  changedBy: changedBy.nullable().optional(),
})
export type ApiErrorBody = z.output<typeof apiError>
