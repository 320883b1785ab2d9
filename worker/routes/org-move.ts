import type { Context } from 'hono'
import { z } from 'zod'
import { moveStep } from '../db/move'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'
import { operatorRefusal } from '../lib/operator'

const body = z.object({ slug: z.string().min(1).max(100), binding: z.string().regex(/^DB(_[A-Z0-9_]+)?$/) })

/**
 * POST /internal/org-move `{ slug, binding }`: one step of moving an organization to another
 * database (worker/db/move.ts, docs/scaling.md "Moving an organization"), driven by
 * `npm run org:move`. Only for the operator: `Authorization: Bearer <ORG_MOVE_TOKEN>`, a Worker
 * secret; without that secret the endpoint does not exist (404).
 */
export async function orgMoveStep(c: Context<AppEnv>) {
  const refusal = await operatorRefusal(c)
  if (refusal) return refusal
  const parsed = body.safeParse(await c.req.json().catch(() => null))
  if (!parsed.success)
    throw new ApiError(400, 'Give the slug of the organization and the binding of its new database.', {
      binding: 'Choose a D1 binding of this Worker',
    })
  const grace = Number(c.env.ORG_MOVE_GRACE_MS ?? 65_000)
  return c.json(await moveStep(c.env, parsed.data.slug, parsed.data.binding, Number.isFinite(grace) ? grace : 65_000))
}
