import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { sha256Hex } from './ids'

/**
 * The operator's endpoints outside /api (docs/security.md "Operator endpoints"): only the Worker
 * secret ORG_MOVE_TOKEN opens them, never a session. Answers the refusal (404 while no secret is
 * set: the endpoint does not exist; 401 for a missing or wrong bearer token), or null to go on.
 */
export async function operatorRefusal(c: Context<AppEnv>): Promise<Response | null> {
  const secret = c.env.ORG_MOVE_TOKEN
  if (!secret) return c.json({ message: 'Not found' }, 404)
  const given = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1] ?? ''
  // Compared as digests: equal length, no early exit on the first differing character.
  if ((await sha256Hex(given)) !== (await sha256Hex(secret))) return c.json({ message: 'Please sign in' }, 401)
  return null
}
