import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import {
  leagues,
  memberSignInLinks,
  members,
  organizations,
  players,
  rosters,
  seasons,
  seasonsLeagues,
  seasonsLeaguesTeams,
  teams,
} from '../db/schema'
import type { AppEnv, SessionMember } from '../env'
import { ApiError } from '../lib/errors'
import { requestLanguage } from '../lib/i18n'
import { randomToken, sha256Hex } from '../lib/ids'
import { answers } from '../lib/openapi'
import { throttle } from '../lib/throttle'
import { validate } from '../lib/validate'
import { sendMail } from '../mail/outbox'
import { normalEmail, siteBase } from '../members/site'
import { mailBody, mailLanguage, mailWords } from '../members/words'
import { endMemberSession, requireMember, sessionMemberRows, startMemberSession } from '../middleware/member-session'
import { publicOrg } from '../middleware/tenant'

// The member area (docs/members.md): signing in from a one-time e-mail link, the member's own page.
// Members are never staff: these routes read `c.var.member`, never `c.var.user`.

/** A sign-in link works once, for 15 minutes (docs/members.md "Signing in"). */
export const SIGN_IN_LINK_SECONDS = 15 * 60
/** Sign-in links asked for: per e-mail and per network address, per 15 minutes. */
export const SIGN_IN_LIMITS = { perEmail: 5, perAddress: 30, windowSeconds: 15 * 60 }

const emailField = z
  .string({ error: 'Enter an e-mail address' })
  .trim()
  .max(254, 'That e-mail address is too long')
  .pipe(z.email({ error: 'Enter a valid e-mail address' }))
  .transform(normalEmail)

const signInLinkInput = z.object({ email: emailField })
const signInInput = z.object({ token: z.string().trim().min(20, 'This sign-in link is not valid').max(200) })

const SENT = 'If that address belongs to a player of this league, a sign-in link is on its way. It works once, for 15 minutes.'

const memberJson = z.object({
  member: z.object({
    id: z.number(),
    email: z.string(),
    language: z.string().nullable(),
    player: z.object({ id: z.number(), firstName: z.string(), lastName: z.string() }),
    organization: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
    teams: z.array(
      z.object({
        seasonsLeagueTeamId: z.number(),
        teamId: z.number(),
        teamName: z.string(),
        leagueId: z.number(),
        leagueName: z.string(),
        seasonId: z.number(),
        seasonName: z.string(),
        seasonActive: z.boolean(),
        captain: z.boolean(),
      }),
    ),
  }),
})

/** The member's teams: every roster place of their player, the active season's first. */
export function memberTeams(c: { var: AppEnv['Variables'] }, playerId: number) {
  return c.var.db
    .select({
      seasonsLeagueTeamId: seasonsLeaguesTeams.id,
      teamId: teams.id,
      teamName: teams.name,
      leagueId: leagues.id,
      leagueName: leagues.name,
      seasonId: seasons.id,
      seasonName: seasons.name,
      seasonActive: seasons.active,
      captain: rosters.captain,
    })
    .from(rosters)
    .innerJoin(seasonsLeaguesTeams, eq(seasonsLeaguesTeams.id, rosters.seasonsLeagueTeamId))
    .innerJoin(teams, eq(teams.id, seasonsLeaguesTeams.teamId))
    .innerJoin(seasonsLeagues, eq(seasonsLeagues.id, seasonsLeaguesTeams.seasonsLeagueId))
    .innerJoin(seasons, eq(seasons.id, seasonsLeagues.seasonId))
    .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
    .where(eq(rosters.playerId, playerId))
    .orderBy(desc(seasons.active), desc(seasons.startDate), asc(teams.name))
}

export async function meBody(c: Parameters<typeof memberTeams>[0] & { var: AppEnv['Variables'] }, member: SessionMember) {
  // The organization the request already resolved, when it is the member's (it always is after requireMember).
  const named = c.var.org
  const org =
    named?.id === member.organizationId
      ? { id: named.id, slug: named.slug, name: named.name }
      : await publicOrgOf(c, member.organizationId)
  return {
    member: {
      id: member.id,
      email: member.email,
      language: member.language,
      player: { id: member.playerId, firstName: member.firstName, lastName: member.lastName },
      organization: org,
      teams: await memberTeams(c, member.playerId),
    },
  }
}

async function publicOrgOf(c: { var: AppEnv['Variables'] }, orgId: number) {
  const [org] = await c.var.db
    .select({ id: organizations.id, slug: organizations.slug, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId))
  if (!org) throw new ApiError(404, 'Organization not found')
  return org
}

export const memberRoutes = new Hono<AppEnv>()
  .post(
    '/sign-in-link',
    answers(
      'E-mail a one-time sign-in link to a player of the organization (answers alike whether or not the address is known)',
      {
        202: z.object({ message: z.string() }),
      },
    ),
    validate('json', signInLinkInput),
    async (c) => {
      const org = await publicOrg(c)
      const { email } = c.req.valid('json')
      const address = c.req.header('CF-Connecting-IP') ?? 'local'
      await throttle(
        c.var.db,
        [
          { key: `sign-in-link:email:${email}`, limit: SIGN_IN_LIMITS.perEmail, windowSeconds: SIGN_IN_LIMITS.windowSeconds },
          {
            key: `sign-in-link:address:${address}`,
            limit: SIGN_IN_LIMITS.perAddress,
            windowSeconds: SIGN_IN_LIMITS.windowSeconds,
          },
        ],
        'Too many sign-in links were asked for. Please wait a few minutes and try again.',
      )
      // A player record or a member account with this address, in this organization only.
      const [known] = await c.var.db
        .select({ id: players.id, memberLanguage: members.language })
        .from(players)
        .leftJoin(members, eq(members.playerId, players.id))
        .where(and(eq(players.organizationId, org.id), eq(players.email, email)))
        .limit(1)
      if (known) {
        const token = randomToken(32)
        await c.var.db.insert(memberSignInLinks).values({
          tokenHash: await sha256Hex(token),
          organizationId: org.id,
          email,
          expiresAt: Date.now() + SIGN_IN_LINK_SECONDS * 1000,
        })
        const asked = c.req.header('Accept-Language') ? await requestLanguage(c) : null
        const language = mailLanguage(org, known.memberLanguage ?? asked)
        const { t } = await mailWords(c.env, language)
        const link = `${siteBase(c, org)}/member/sign-in#${token}`
        await sendMail(c.var.db, c.env, {
          organizationId: org.id,
          to: email,
          language,
          subject: t('server.mail.signIn.subject', { organization: org.name }),
          headers: { 'X-Courtside-Kind': 'sign-in' },
          ...mailBody([
            t('server.mail.signIn.intro', { organization: org.name }),
            { text: t('server.mail.signIn.button'), href: link },
            t('server.mail.signIn.ignore'),
          ]),
        })
      }
      return c.json({ message: SENT }, 202)
    },
  )
  .post(
    '/sign-in',
    answers("Sign in with a sign-in link's token: the member's account (made on the first sign-in from their player record)", {
      200: memberJson,
    }),
    validate('json', signInInput),
    async (c) => {
      const org = await publicOrg(c)
      const hash = await sha256Hex(c.req.valid('json').token)
      const now = Date.now()
      // Used up in the same statement that checks it: a link can never sign in twice.
      const [link] = await c.var.db
        .update(memberSignInLinks)
        .set({ usedAt: now })
        .where(
          and(
            eq(memberSignInLinks.tokenHash, hash),
            eq(memberSignInLinks.organizationId, org.id),
            isNull(memberSignInLinks.usedAt),
            gt(memberSignInLinks.expiresAt, now),
          ),
        )
        .returning({ email: memberSignInLinks.email })
      const expired = () =>
        new ApiError(400, 'This sign-in link has expired or was already used. Ask for a new one.', {
          token: 'This sign-in link has expired or was already used. Ask for a new one.',
        })
      if (!link) throw expired()
      const [player] = await c.var.db
        .select({ id: players.id })
        .from(players)
        .where(and(eq(players.organizationId, org.id), eq(players.email, link.email)))
      if (!player) throw expired()
      // The first sign-in claims the player record with this address (its history kept): made if
      // missing, its sign-in time set, and read back with its player's name, in one round trip.
      const mine = and(eq(members.organizationId, org.id), eq(members.playerId, player.id))
      const [, , [member]] = await c.var.db.batch([
        c.var.db.insert(members).values({ organizationId: org.id, playerId: player.id, email: link.email }).onConflictDoNothing(),
        c.var.db
          .update(members)
          .set({ lastSignInAt: new Date(now).toISOString() })
          .where(mine),
        sessionMemberRows(c.var.db, mine),
      ])
      if (!member) throw expired()
      await startMemberSession(c, member)
      return c.json(await meBody(c, member))
    },
  )
  .get('/me', answers('The signed-in member: their player, organization and teams', { 200: memberJson }), async (c) => {
    return c.json(await meBody(c, await requireMember(c)))
  })
  .post('/sign-out', answers("End the member's session (nothing happens without one)", { 204: null }), async (c) => {
    await endMemberSession(c)
    return c.body(null, 204)
  })
