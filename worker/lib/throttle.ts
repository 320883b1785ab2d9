// Fixed-window request counters in D1 (docs/members.md "Bounded"): each request is counted and its
// count read back in ONE upsert, so two requests at once can never both pass the last free place.
import type { Db } from '../db/client'
import { ApiError } from './errors'

export interface ThrottleRule {
  key: string
  limit: number
  windowSeconds: number
}

const COUNT = `INSERT INTO request_throttles (key, window_start, count) VALUES (?1, ?2, 1)
  ON CONFLICT(key) DO UPDATE SET
    count = CASE WHEN window_start <= ?3 THEN 1 ELSE count + 1 END,
    window_start = CASE WHEN window_start <= ?3 THEN ?2 ELSE window_start END
  RETURNING count, window_start`

/** Counts this request under every rule (one batch); 429 with Retry-After when any is over its limit. */
export async function throttle(db: Db, rules: ThrottleRule[], message: string): Promise<void> {
  const now = Date.now()
  const d1 = db.$client
  const results = await d1.batch<{ count: number; window_start: number }>(
    rules.map((rule) => d1.prepare(COUNT).bind(rule.key, now, now - rule.windowSeconds * 1000)),
  )
  let wait = 0
  rules.forEach((rule, i) => {
    const row = results[i]?.results[0]
    if (row && row.count > rule.limit)
      wait = Math.max(wait, Math.ceil((row.window_start + rule.windowSeconds * 1000 - now) / 1000))
  })
  if (wait > 0) throw new ApiError(429, message, undefined, { 'Retry-After': String(Math.max(1, wait)) })
}
