import type { Bindings } from '../env'
import { d1Named, HOME_BINDING } from './directory'

/**
 * The platform-wide list of sports (written by seeds and migrations) is the same in every database:
 * before an organization is made on another database, its sports are copied there from `DB`, under
 * the same ids (docs/scaling.md "Past one database"). Copies only what is missing.
 */
export async function mirrorSports(env: Bindings, binding: string) {
  if (binding === HOME_BINDING) return
  const { results } = await d1Named(env, HOME_BINDING)
    .prepare('SELECT id, name, type FROM sports')
    .all<{ id: number; name: string; type: string }>()
  if (results.length === 0) return
  const target = d1Named(env, binding)
  await target.batch(
    results.map((s) =>
      target.prepare('INSERT OR IGNORE INTO sports (id, name, type) VALUES (?, ?, ?)').bind(s.id, s.name, s.type),
    ),
  )
}
