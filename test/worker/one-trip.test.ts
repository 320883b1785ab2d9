import { env } from 'cloudflare:workers'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createDb, inOneTrip, rawStatement } from '../../worker/db/client'
import { organizations } from '../../worker/db/schema'
import { D1Counter } from '../helpers/d1-counter'
import { createOrg } from '../helpers/factories'

/** A drizzle db over the real local D1, its round trips counted. */
function countedDb() {
  const counter = new D1Counter()
  return { counter, db: createDb(counter.wrap(env.DB)) }
}

describe('inOneTrip (docs/reference/performance.md §2: independent readers share one round trip)', () => {
  it('sends the batches of independent readers as one D1 batch and gives each its own results', async () => {
    const a = await createOrg()
    const b = await createOrg()
    const { counter, db } = countedDb()
    const nameOf = async (d: typeof db, id: number) => {
      const [rows] = await d.batch([d.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id))])
      return rows[0]?.name
    }
    const [first, [slugs, [none]], second] = await inOneTrip(db, (d) =>
      Promise.all([
        nameOf(d, a.id),
        d.batch([
          d.select({ slug: organizations.slug }).from(organizations).where(eq(organizations.id, b.id)),
          d.select().from(organizations).where(eq(organizations.id, -1)),
        ]),
        nameOf(d, b.id),
      ]),
    )
    expect(first).toBe(a.name)
    expect(second).toBe(b.name)
    expect(slugs).toEqual([{ slug: b.slug }])
    expect(none).toBeUndefined()
    expect(counter.roundTrips).toBe(1)
    expect(counter.statements).toBe(4)
  })

  it('lets a batch made after the first wait go to D1 on its own (never left hanging)', async () => {
    const org = await createOrg()
    const { counter, db } = countedDb()
    const result = await inOneTrip(db, async (d) => {
      const [[one]] = await d.batch([d.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, org.id))])
      const [[again]] = await d.batch([
        d.select({ slug: organizations.slug }).from(organizations).where(eq(organizations.id, one.id)),
      ])
      return again.slug
    })
    expect(result).toBe(org.slug)
    expect(counter.roundTrips).toBe(2)
  })

  it('fails every reader of the shared batch when one statement fails', async () => {
    const { db } = countedDb()
    const work = inOneTrip(db, (d) =>
      Promise.all([
        d.batch([d.select({ id: organizations.id }).from(organizations).limit(1)]),
        d.batch([rawStatement(d, sql`select * from no_such_table`)]),
      ]),
    )
    await expect(work).rejects.toThrow(/no_such_table/)
  })

  it('does nothing with D1 when the work asks for no batch', async () => {
    const { counter, db } = countedDb()
    expect(await inOneTrip(db, async () => 42)).toBe(42)
    expect(counter.roundTrips).toBe(0)
  })
})
