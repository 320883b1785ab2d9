import { and, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { members } from '../db/schema'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'
import { answers } from '../lib/openapi'
import { validate } from '../lib/validate'
import { verifyLink } from '../members/signed-links'
import { requireMember } from '../middleware/member-session'
import { publicOrg } from '../middleware/tenant'
import { CATEGORIES, type Category } from '../notify/kinds'

// What a member gets by e-mail (docs/notifications.md "Choices and unsubscribe"): their choices per
// category, and the one-click unsubscribe every e-mail carries (RFC 8058), which works without
// signing in because its link is signed for exactly one member and one category.

const choice = z.enum(['email', 'none'])
const choicesShape = z.object(Object.fromEntries(CATEGORIES.map((c) => [c, choice])) as Record<Category, typeof choice>)
const choicesJson = z.object({ choices: choicesShape })
const choicesInput = z.object({ choices: choicesShape.partial() })

/** A member's stored choices, every category filled in (e-mail unless switched off). */
function allChoices(stored: Partial<Record<string, string>> | null | undefined): Record<Category, 'email' | 'none'> {
  return Object.fromEntries(CATEGORIES.map((c) => [c, stored?.[c] === 'none' ? 'none' : 'email'])) as Record<
    Category,
    'email' | 'none'
  >
}

async function storedChoices(c: { var: AppEnv['Variables'] }, memberId: number) {
  const [row] = await c.var.db.select({ choices: members.notifications }).from(members).where(eq(members.id, memberId))
  return allChoices(row?.choices)
}

const unsubscribeQuery = z.object({
  m: z.coerce.number().int().positive(),
  k: z.enum(['all', ...CATEGORIES] as [string, ...string[]]),
  s: z.string().min(20).max(100),
})

/** Sets the given kinds of a member's choices inside the write (json_set): another change at the same moment is kept. */
const setChoices = (choices: [string, string][]) =>
  sql`json_set(${members.notifications}, ${sql.join(
    choices.flatMap(([kind, value]) => [sql`${`$.${kind}`}`, sql`${value}`]),
    sql`, `,
  )})`

const badLink = () => new ApiError(400, 'This unsubscribe link is not valid.')

export const memberNotificationRoutes = new Hono<AppEnv>()
  .get(
    '/notifications',
    answers("The signed-in member's e-mail choices per kind of message", { 200: choicesJson }),
    async (c) => {
      const member = await requireMember(c)
      return c.json({ choices: await storedChoices(c, member.id) })
    },
  )
  .put(
    '/notifications',
    answers("Change the signed-in member's e-mail choices (only the kinds sent change)", { 200: choicesJson }),
    validate('json', choicesInput),
    async (c) => {
      const member = await requireMember(c)
      const sent = c.req.valid('json').choices
      const changes = Object.entries(sent).map(([kind, value]) => [kind, value as string] as [string, string])
      if (changes.length > 0)
        await c.var.db
          .update(members)
          .set({ notifications: setChoices(changes) })
          .where(eq(members.id, member.id))
      return c.json({ choices: await storedChoices(c, member.id) })
    },
  )
  .get(
    '/unsubscribe',
    answers('What an unsubscribe link would switch off (no sign-in: the link is signed)', {
      200: z.object({ organization: z.string(), category: z.string(), done: z.boolean() }),
    }),
    validate('query', unsubscribeQuery),
    async (c) => {
      const org = await publicOrg(c)
      const { m, k, s } = c.req.valid('query')
      if (!(await verifyLink(c.env, 'unsubscribe', [org.id, m, k], s))) throw badLink()
      const [row] = await c.var.db
        .select({ choices: members.notifications })
        .from(members)
        .where(and(eq(members.id, m), eq(members.organizationId, org.id)))
      if (!row) throw badLink()
      const choices = allChoices(row.choices)
      const done = k === 'all' ? CATEGORIES.every((cat) => choices[cat] === 'none') : choices[k as Category] === 'none'
      return c.json({ organization: org.name, category: k, done })
    },
  )
  .post(
    '/unsubscribe',
    answers('One-click unsubscribe (RFC 8058): switch off one kind of e-mail, or all, for the member the signed link names', {
      200: z.object({ message: z.string(), category: z.string() }),
    }),
    validate('query', unsubscribeQuery),
    async (c) => {
      const org = await publicOrg(c)
      const { m, k, s } = c.req.valid('query')
      if (!(await verifyLink(c.env, 'unsubscribe', [org.id, m, k], s))) throw badLink()
      const off = (k === 'all' ? [...CATEGORIES] : [k]).map((kind) => [kind, 'none'] as [string, string])
      const [done] = await c.var.db
        .update(members)
        .set({ notifications: setChoices(off) })
        .where(and(eq(members.id, m), eq(members.organizationId, org.id)))
        .returning({ id: members.id })
      if (!done) throw badLink()
      return c.json({ message: 'You are unsubscribed.', category: k })
    },
  )
