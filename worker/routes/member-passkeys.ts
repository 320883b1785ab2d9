import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { z } from 'zod'
import { memberPasskeyChallenges, memberPasskeys, members } from '../db/schema'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { throttle } from '../lib/throttle'
import { validate } from '../lib/validate'
import { memberRows, requireMember, startMemberSession } from '../middleware/member-session'
import { publicOrg } from '../middleware/tenant'
import { meBody } from './members'

// Passkeys (docs/members.md "Passkeys"): WebAuthn with @simplewebauthn/server. The relying party is
// the host the request came to (a custom domain or the platform host) and the origin is checked; the
// server issues each challenge and uses it up once (member_passkey_challenges), for one purpose, in
// one organization, within CHALLENGE_SECONDS.

export const CHALLENGE_SECONDS = 5 * 60
/** Per network address per 15 minutes: sign-in attempts, and challenges asked for (each a D1 row). */
const PASSKEY_LIMITS = { signIns: 30, challenges: 60, windowSeconds: 15 * 60 }

const relyingParty = (c: Context<AppEnv>) => {
  const url = new URL(c.req.url)
  return { rpID: url.hostname, origin: url.origin }
}

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (ch) => ch.charCodeAt(0))

/** Keeps a challenge the server issued, for one purpose (and member, when registering). */
async function keepChallenge(
  c: Context<AppEnv>,
  challenge: string,
  organizationId: number,
  purpose: 'register' | 'sign-in',
  memberId?: number,
) {
  const now = Date.now()
  await c.var.db.batch([
    // Old challenges go as new ones come: the table holds minutes of them at most.
    c.var.db
      .delete(memberPasskeyChallenges)
      .where(
        and(eq(memberPasskeyChallenges.organizationId, organizationId), sql`${memberPasskeyChallenges.expiresAt} <= ${now}`),
      ),
    c.var.db.insert(memberPasskeyChallenges).values({
      challenge,
      organizationId,
      memberId: memberId ?? null,
      purpose,
      expiresAt: now + CHALLENGE_SECONDS * 1000,
    }),
  ])
}

/** Uses a challenge up in the statement that checks it: true once, for its purpose and organization. */
async function useChallenge(
  c: Context<AppEnv>,
  challenge: string,
  organizationId: number,
  purpose: 'register' | 'sign-in',
  memberId?: number,
) {
  const used = await c.var.db
    .delete(memberPasskeyChallenges)
    .where(
      and(
        eq(memberPasskeyChallenges.challenge, challenge),
        eq(memberPasskeyChallenges.organizationId, organizationId),
        eq(memberPasskeyChallenges.purpose, purpose),
        memberId === undefined ? undefined : eq(memberPasskeyChallenges.memberId, memberId),
        gt(memberPasskeyChallenges.expiresAt, Date.now()),
      ),
    )
    .returning({ challenge: memberPasskeyChallenges.challenge })
  return used.length === 1
}

const refused = () =>
  new ApiError(400, 'This passkey could not be used. Try again, or ask for a sign-in link.', {
    passkey: 'This passkey could not be used. Try again, or ask for a sign-in link.',
  })

/** A browser's WebAuthn answer, passed on to @simplewebauthn/server, which checks every part of it. */
const credentialJson = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
})
const registerInput = z.object({
  response: credentialJson,
  name: z
    .string()
    .trim()
    .max(60, 'A passkey name is at most 60 characters')
    .optional()
    .transform((v) => v || null),
})
const signInInput = z.object({ response: credentialJson })

const passkeyJson = z.object({
  id: z.number(),
  name: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
})
const optionsJson = z.looseObject({ challenge: z.string() })

function listPasskeys(c: Context<AppEnv>, memberId: number) {
  return c.var.db
    .select({
      id: memberPasskeys.id,
      name: memberPasskeys.name,
      createdAt: memberPasskeys.createdAt,
      lastUsedAt: memberPasskeys.lastUsedAt,
    })
    .from(memberPasskeys)
    .where(eq(memberPasskeys.memberId, memberId))
    .orderBy(asc(memberPasskeys.id))
}

export const memberPasskeyRoutes = new Hono<AppEnv>()
  .get(
    '/',
    answers("The signed-in member's passkeys (names and dates only)", { 200: z.object({ passkeys: z.array(passkeyJson) }) }),
    async (c) => {
      const member = await requireMember(c)
      return c.json({ passkeys: await listPasskeys(c, member.id) })
    },
  )
  .post(
    '/register-options',
    answers('WebAuthn options for adding a passkey to the signed-in member (a fresh challenge)', { 200: optionsJson }),
    async (c) => {
      const member = await requireMember(c)
      const org = await publicOrgOfMember(c, member.organizationId)
      const existing = await c.var.db
        .select({ credentialId: memberPasskeys.credentialId, transports: memberPasskeys.transports })
        .from(memberPasskeys)
        .where(eq(memberPasskeys.memberId, member.id))
      const options = await generateRegistrationOptions({
        rpName: org.name,
        rpID: relyingParty(c).rpID,
        userName: member.email,
        userDisplayName: `${member.firstName} ${member.lastName}`,
        userID: Uint8Array.from(new TextEncoder().encode(`member-${member.id}`)),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      })
      await keepChallenge(c, options.challenge, member.organizationId, 'register', member.id)
      return c.json(options)
    },
  )
  .post(
    '/register',
    answers("Add a passkey to the signed-in member from the browser's WebAuthn answer", {
      201: z.object({ passkey: passkeyJson }),
    }),
    validate('json', registerInput),
    async (c) => {
      const member = await requireMember(c)
      const { response, name } = c.req.valid('json')
      const { rpID, origin } = relyingParty(c)
      const verification = await verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: (challenge) => useChallenge(c, challenge, member.organizationId, 'register', member.id),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => null)
      if (!verification?.verified) throw refused()
      const { credential } = verification.registrationInfo
      const [row] = await c.var.db
        .insert(memberPasskeys)
        .values({
          organizationId: member.organizationId,
          memberId: member.id,
          credentialId: credential.id,
          publicKey: toBase64Url(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
        })
        .onConflictDoNothing()
        .returning({
          id: memberPasskeys.id,
          name: memberPasskeys.name,
          createdAt: memberPasskeys.createdAt,
          lastUsedAt: memberPasskeys.lastUsedAt,
        })
      if (!row) throw new ApiError(409, 'This passkey is already added.')
      return c.json({ passkey: row }, 201)
    },
  )
  .delete(
    '/:id{[0-9]+}',
    answers("Remove one of the signed-in member's passkeys", { 204: null }),
    validate('param', z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })),
    async (c) => {
      const member = await requireMember(c)
      const gone = await c.var.db
        .delete(memberPasskeys)
        .where(and(eq(memberPasskeys.id, c.req.valid('param').id), eq(memberPasskeys.memberId, member.id)))
        .returning({ id: memberPasskeys.id })
      if (gone.length === 0) throw notFound('Passkey')
      return c.body(null, 204)
    },
  )
  .post(
    '/sign-in-options',
    answers('WebAuthn options for signing in with a passkey (a fresh challenge, any passkey of the organization)', {
      200: optionsJson,
    }),
    async (c) => {
      const org = await publicOrg(c)
      await passkeyThrottle(c, 'challenges')
      const options = await generateAuthenticationOptions({ rpID: relyingParty(c).rpID, userVerification: 'preferred' })
      await keepChallenge(c, options.challenge, org.id, 'sign-in')
      return c.json(options)
    },
  )
  .post(
    '/sign-in',
    answers("Sign in with a passkey: the browser's WebAuthn answer to a sign-in challenge", {
      200: z.looseObject({ member: z.looseObject({ id: z.number() }) }),
    }),
    validate('json', signInInput),
    async (c) => {
      const org = await publicOrg(c)
      await passkeyThrottle(c, 'signIns')
      const { response } = c.req.valid('json')
      // Only a passkey of this organization's members: another organization's never signs in here.
      const [passkey] = await c.var.db
        .select({
          id: memberPasskeys.id,
          memberId: memberPasskeys.memberId,
          credentialId: memberPasskeys.credentialId,
          publicKey: memberPasskeys.publicKey,
          counter: memberPasskeys.counter,
          transports: memberPasskeys.transports,
        })
        .from(memberPasskeys)
        .where(and(eq(memberPasskeys.credentialId, response.id), eq(memberPasskeys.organizationId, org.id)))
      if (!passkey) throw refused()
      const { rpID, origin } = relyingParty(c)
      const verification = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: (challenge) => useChallenge(c, challenge, org.id, 'sign-in'),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: fromBase64Url(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: false,
      }).catch(() => null)
      if (!verification?.verified) throw refused()
      const now = new Date().toISOString()
      await c.var.db.batch([
        c.var.db
          .update(memberPasskeys)
          .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now })
          .where(eq(memberPasskeys.id, passkey.id)),
        c.var.db
          .update(members)
          .set({ lastSignInAt: now, version: sql`${members.version}` })
          .where(eq(members.id, passkey.memberId)),
      ])
      const [row] = await c.var.db
        .select({ id: members.id, organizationId: members.organizationId, sessionEpoch: members.sessionEpoch })
        .from(members)
        .where(and(eq(members.id, passkey.memberId), eq(members.organizationId, org.id)))
      if (!row) throw refused()
      await startMemberSession(c, row)
      const [member] = await memberRows(c, row.id)
      if (!member) throw refused()
      return c.json(await meBody(c, member))
    },
  )

async function passkeyThrottle(c: Context<AppEnv>, what: 'signIns' | 'challenges') {
  const address = c.req.header('CF-Connecting-IP') ?? 'local'
  await throttle(
    c.var.db,
    [{ key: `passkey-${what}:address:${address}`, limit: PASSKEY_LIMITS[what], windowSeconds: PASSKEY_LIMITS.windowSeconds }],
    'Too many passkey sign-in attempts. Please wait a few minutes and try again.',
  )
}

async function publicOrgOfMember(c: Context<AppEnv>, organizationId: number) {
  const org = await publicOrg(c).catch(() => null)
  if (org?.id === organizationId) return org
  const { organizations } = await import('../db/schema')
  const [own] = await c.var.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  if (!own) throw notFound('Organization')
  return own
}
