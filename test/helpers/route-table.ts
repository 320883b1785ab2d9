import { env } from 'cloudflare:workers'
import { signLink } from '../../worker/members/signed-links'
import type { Actor, MemberActor, World } from './security-world'
import { cloneClient, createOrg, createUser, unique } from './security-world'
import { SoftAuthenticator } from './soft-authenticator'

/**
 * What each actor may do on each /api route of the router, with A's ids in the path.
 *  - 'ok'      2xx, as the actor is (a super admin names A with ?organization_id=)
 *  - 'public'  2xx when the request names A (?slug=); an anonymous call naming no tenant is refused
 *  - 'own'     2xx about the actor's own organization: nothing of A in the answer, A's rows untouched
 *  - 'refused' 401/403/404 (or the row's `refusedStatuses`), and the database unchanged
 *  - a number  exactly that status (an allowed call a business rule stops, e.g. 409)
 */
export type Expect = 'ok' | 'public' | 'own' | 'refused' | number
export type Params = Record<string, string | number>

export interface Row {
  /** Members (aMember, aCaptain, bMember) do as `anon` does unless the row names them (`expectOf`). */
  who: Record<Exclude<Actor, MemberActor>, Expect> & Partial<Record<MemberActor, Expect>>
  /** A body that succeeds for A's owner (or super admin on super-admin-only routes). */
  body?: (w: World, p: Params) => unknown
  /** Extra query string (without `?`). */
  query?: (w: World, p: Params) => string
  /** Path-parameter overrides. */
  params?: (w: World) => Params
  /** Makes a fresh target (e.g. something to delete); run once before the refused calls and once per allowed call. */
  prepare?: (w: World) => Promise<Params>
  refusedStatuses?: number[]
  /** A known bug of the worker (reported, not fixed here): the generated case is marked it.fails. */
  bug?: string
  /** Logout ends every session of its user: each signed-in actor signs in as a spare user of its role. */
  freshSession?: boolean
}

/**
 * What an actor may do on a row. A member session is no staff session (docs/members.md): on a row
 * that does not name the members, they are refused where a visitor is and read what a visitor reads.
 */
export const expectOf = (row: Row, actor: Actor): Expect => row.who[actor] ?? row.who.anon

const PUBLIC_ID: Row['who'] = {
  anon: 'public',
  aStaff: 'ok',
  aOwner: 'ok',
  bStaff: 'refused',
  bOwner: 'refused',
  superAdmin: 'ok',
}
const PUBLIC_LIST: Row['who'] = { anon: 'public', aStaff: 'ok', aOwner: 'ok', bStaff: 'own', bOwner: 'own', superAdmin: 'ok' }
const ADMIN_ID: Row['who'] = {
  anon: 'refused',
  aStaff: 'ok',
  aOwner: 'ok',
  bStaff: 'refused',
  bOwner: 'refused',
  superAdmin: 'ok',
}
const ADMIN_LIST: Row['who'] = { anon: 'refused', aStaff: 'ok', aOwner: 'ok', bStaff: 'own', bOwner: 'own', superAdmin: 'ok' }
const OWNER_ID: Row['who'] = { ...ADMIN_ID, aStaff: 'refused' }
const SUPER: Row['who'] = {
  anon: 'refused',
  aStaff: 'refused',
  aOwner: 'refused',
  bStaff: 'refused',
  bOwner: 'refused',
  superAdmin: 'ok',
}
const OPEN: Row['who'] = { anon: 'ok', aStaff: 'ok', aOwner: 'ok', bStaff: 'ok', bOwner: 'ok', superAdmin: 'ok' }

/** Calls A's owner makes to set up a fresh target. */
async function made(w: World, method: string, path: string, json: unknown, pick: (body: any) => number): Promise<number> {
  const res = await w.clients.aOwner.request(method, path, { json })
  if (res.status >= 300) throw new Error(`prepare ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`)
  return pick(res.body)
}
const freshSeason = (w: World) =>
  made(w, 'POST', '/api/seasonsv2', { name: unique('Spare season') }, (b) => b.season.id).then((id) => ({ id, target: id }))
const freshLeague = (w: World) =>
  made(w, 'POST', `/api/seasonsv2/${w.season}/leagues`, { name: unique('Spare league') }, (b) => b.league.id).then(
    (leagueId) => ({
      leagueId,
      target: leagueId,
    }),
  )
const freshSeasonTeam = (w: World) =>
  made(w, 'POST', `/api/seasonsv2/${w.season}/leagues/${w.league2}/teams`, { name: unique('Spare team') }, (b) => b.team.id).then(
    (teamId) => ({ leagueId: w.league2, teamId, target: teamId }),
  )
const freshTeam = (w: World) =>
  made(w, 'POST', '/api/teams', { name: unique('Spare team') }, (b) => b.team.id).then((id) => ({ id, target: id }))
const freshPlayer = (w: World) =>
  made(w, 'POST', '/api/playersv2', { firstName: 'Spare', lastName: unique('Player') }, (b) => b.player.id).then((id) => ({
    id,
    target: id,
  }))
const freshUser = async (w: World) => ({ id: (await createUser(w.org.id, 'staff')).id })

const freshVenue = (w: World) =>
  made(w, 'POST', '/api/venues', { name: unique('Spare venue'), courts: [{ name: 'Court 1' }] }, (b) => b.venue.id).then(
    (id) => ({ id }),
  )

/** Sign-in link tokens for A's first player (docs/members.md), made straight in D1; each call takes its own. */
const signInTokens: string[] = []
async function freshSignInTokens(w: World) {
  const email = `p1-${w.org.id}@members.example`
  await env.DB.prepare('UPDATE players SET email = ? WHERE id = ?').bind(email, w.p1).run()
  for (let i = 0; i < 12; i++) {
    const token = `${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll('-', '')
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token))
    const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
    await env.DB.prepare('INSERT INTO member_sign_in_links (token_hash, organization_id, email, expires_at) VALUES (?, ?, ?, ?)')
      .bind(hash, w.org.id, email, Date.now() + 600_000)
      .run()
    signInTokens.push(token)
  }
  return {}
}
/** A member of A (its second player's) and a signed unsubscribe link for them. */
let unsubscribeQuery = ''
async function freshUnsubscribeLink(w: World) {
  const email = `p4-${w.org.id}@members.example`
  const player = w.players[3] as number
  await env.DB.prepare('UPDATE players SET email = ? WHERE id = ?').bind(email, player).run()
  await env.DB.prepare('INSERT OR IGNORE INTO members (organization_id, player_id, email) VALUES (?, ?, ?)')
    .bind(w.org.id, player, email)
    .run()
  const member = await env.DB.prepare('SELECT id FROM members WHERE player_id = ?').bind(player).first<{ id: number }>()
  const signature = await signLink(env, 'unsubscribe', [w.org.id, member?.id as number, 'all'])
  unsubscribeQuery = `m=${member?.id}&k=all&s=${signature}`
  return {}
}

/** A game of A that tipped off yesterday, with two captains' reports that differ (docs/members.md "Score reports"). */
async function reportedGame(w: World) {
  const at = new Date(Date.now() - 86_400_000).toISOString()
  const game = await env.DB.prepare(
    "INSERT INTO games (organization_id, season_id, league_id, team1_id, team2_id, date, time, game_date_time, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'scheduled') RETURNING id",
  )
    .bind(w.org.id, w.season, w.league, w.team1, w.team2, at.slice(0, 10), at.slice(11, 16), at)
    .first<{ id: number }>()
  for (const [team, home] of [
    [w.team1, 50],
    [w.team2, 48],
  ] as const)
    await env.DB.prepare(
      "INSERT INTO score_reports (organization_id, game_id, team_id, reported_by, score_team1, score_team2) VALUES (?, ?, ?, 'Matrix captain', ?, 40)",
    )
      .bind(w.org.id, game?.id, team, home)
      .run()
  return { gameId: game?.id as number }
}
/** Member routes (docs/members.md): no staff actor is a member. */
const MEMBER_ONLY: Row['who'] = { ...SUPER, superAdmin: 'refused' }
const sha256 = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
/** A share link to A's second team made straight in D1 (docs/members.md "Roster invites"). */
async function freshShareLink(w: World): Promise<Params> {
  const token = `${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll('-', '')
  const row = await env.DB.prepare(
    "INSERT INTO roster_invites (organization_id, seasons_league_team_id, kind, token_hash, max_uses, expires_at, created_by) VALUES (?, ?, 'link', ?, 100, ?, 'test') RETURNING id",
  )
    .bind(w.org.id, w.slt2, await sha256(token), Date.now() + 600_000)
    .first<{ id: number }>()
  return { token, linkId: row?.id as number, target: row?.id as number }
}
/** A member for A's first player and the signed "in" answer of A's game (docs/members.md "Availability"). */
async function signedAnswer(w: World): Promise<Params> {
  const email = `p1-${w.org.id}@members.example`
  await env.DB.prepare('UPDATE players SET email = ? WHERE id = ?').bind(email, w.p1).run()
  await env.DB.prepare('INSERT OR IGNORE INTO members (organization_id, player_id, email) VALUES (?, ?, ?)')
    .bind(w.org.id, w.p1, email)
    .run()
  const member = await env.DB.prepare('SELECT id FROM members WHERE player_id = ?').bind(w.p1).first<{ id: number }>()
  // A game of its own, still to be played (other rows finish A's game).
  const game = await env.DB.prepare(
    "INSERT INTO games (organization_id, season_id, league_id, team1_id, team2_id, date, time, status) VALUES (?, ?, ?, ?, ?, '2026-12-01', '19:00', 'scheduled') RETURNING id",
  )
    .bind(w.org.id, w.season, w.league, w.team1, w.team2)
    .first<{ id: number }>()
  const { signLink } = await import('../../worker/members/signed-links')
  const s = await signLink(env, 'availability', [w.org.id, member?.id as number, game?.id as number, 'in'])
  return { m: member?.id as number, g: game?.id as number, s }
}
/** A passkey of A's member (aMember) straight in D1, to delete. */
async function freshPasskeyRow(w: World) {
  const member = await env.DB.prepare('SELECT id FROM members WHERE player_id = ?').bind(w.memberPlayer).first<{ id: number }>()
  const row = await env.DB.prepare(
    "INSERT INTO member_passkeys (organization_id, member_id, credential_id, public_key) VALUES (?, ?, ?, 'AA') RETURNING id",
  )
    .bind(w.org.id, member?.id, unique('credential'))
    .first<{ id: number }>()
  return { id: row?.id as number }
}

/** Answers of A's member's passkey to fresh sign-in challenges; each call takes its own. */
const passkeyAnswers: unknown[] = []
let passkey: SoftAuthenticator | undefined
async function freshPasskeyAnswers(w: World) {
  const origin = 'http://localhost'
  if (!passkey) {
    passkey = await SoftAuthenticator.create()
    const member = cloneClient(w.clients.aMember)
    const options = await member.post(`/api/member/passkeys/register-options?slug=${w.org.slug}`)
    const added = await member.post(`/api/member/passkeys/register?slug=${w.org.slug}`, {
      response: await passkey.register(options.body, origin),
    })
    if (added.status !== 201) throw new Error(`prepare passkey: ${added.status} ${JSON.stringify(added.body)}`)
  }
  for (let i = 0; i < 12; i++) {
    const options = await cloneClient(w.clients.anon).post(`/api/member/passkeys/sign-in-options?slug=${w.org.slug}`)
    passkeyAnswers.push(await passkey.assert(options.body, origin))
  }
  return {}
}

/** A WebAuthn answer no authenticator made: refused by the signature checks, never a 500. */
const FORGED_CREDENTIAL = {
  response: {
    id: 'Zm9yZ2Vk',
    rawId: 'Zm9yZ2Vk',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'oA', authenticatorData: 'AA', signature: 'AA' },
    clientExtensionResults: {},
  },
}
/** The member's own account: each member their own (B's member about B), nobody else. */
const MEMBER_SELF: Row['who'] = { ...SUPER, superAdmin: 'refused', aMember: 'ok', aCaptain: 'ok', bMember: 'own' }
const PUBLIC_WRITE: Row['who'] = {
  anon: 'public',
  aStaff: 'public',
  aOwner: 'public',
  bStaff: 'public',
  bOwner: 'public',
  superAdmin: 'public',
}

export const scheduleBody = (w: World, leagueId = w.league2) => ({
  name: unique('Schedule'),
  leagueId,
  season_id: w.season,
  startDate: '2026-01-05',
  numWeeks: 2,
  gameDays: ['Monday'],
  sameSlot: true,
  timeSlots: ['18:00'],
})

// ---- registration (docs/registration.md) ----
const REGISTRATION_SETTINGS = {
  opensAt: '2020-01-01',
  closesAt: '2099-12-31',
  teamFee: null,
  playerFee: null,
  teamCapacity: null,
  payAtGym: false,
  freeAgents: true,
  questions: [],
  eligibility: null,
  waiverText: '',
}
/** A fresh league of A's season with its registration open (no fee, no waiver): its form's id. */
async function freshForm(w: World): Promise<Params> {
  const league = await env.DB.prepare('INSERT INTO leagues (organization_id, name) VALUES (?, ?) RETURNING id')
    .bind(w.org.id, unique('Reg league'))
    .first<{ id: number }>()
  const sl = await env.DB.prepare(
    'INSERT INTO seasons_leagues (organization_id, season_id, league_id) VALUES (?, ?, ?) RETURNING id',
  )
    .bind(w.org.id, w.season, league?.id)
    .first<{ id: number }>()
  const form = await env.DB.prepare(
    "INSERT INTO registration_settings (organization_id, seasons_league_id, opens_at, closes_at) VALUES (?, ?, '2020-01-01', '2099-12-31') RETURNING id",
  )
    .bind(w.org.id, sl?.id)
    .first<{ id: number }>()
  return { formId: form?.id as number }
}
/** A registration of A's league in A's season straight in D1, with a fresh player (or A's member's). */
async function registrationRow(
  w: World,
  o: { kind: 'team' | 'free_agent'; status: string; paymentIntent?: string; memberOf?: number },
): Promise<Params> {
  const sl = await env.DB.prepare('SELECT id FROM seasons_leagues WHERE season_id = ? AND league_id = ?')
    .bind(w.season, w.league)
    .first<{ id: number }>()
  let playerId = o.memberOf
  if (!playerId) {
    const player = await env.DB.prepare(
      "INSERT INTO players (organization_id, first_name, last_name) VALUES (?, 'Reg', ?) RETURNING id",
    )
      .bind(w.org.id, unique('Player'))
      .first<{ id: number }>()
    playerId = player?.id as number
  }
  const member = o.memberOf
    ? await env.DB.prepare('SELECT id FROM members WHERE player_id = ?').bind(o.memberOf).first<{ id: number }>()
    : null
  const row = await env.DB.prepare(
    `INSERT INTO registrations (organization_id, seasons_league_id, kind, member_id, player_id, team_name, status, amount, currency,
       payment_intent_id, paid_at, held_until)
     VALUES (?, ?, ?, ?, ?, ?, ?, 1000, 'USD', ?, ?, ?) RETURNING id`,
  )
    .bind(
      w.org.id,
      sl?.id,
      o.kind,
      member?.id ?? null,
      playerId,
      o.kind === 'team' ? unique('Reg team') : null,
      o.status,
      o.paymentIntent ?? null,
      o.paymentIntent ? new Date().toISOString() : null,
      o.status === 'held' ? Date.now() + 3_600_000 : null,
    )
    .first<{ id: number }>()
  return { entryId: row?.id as number }
}
/** A suspension of A's first player in force until lifted (docs/registration.md "Suspensions"): its id. */
async function freshSuspension(w: World): Promise<Params> {
  const row = await env.DB.prepare(
    "INSERT INTO player_suspensions (organization_id, player_id, until, reason) VALUES (?, ?, NULL, 'Matrix') RETURNING id",
  )
    .bind(w.org.id, w.p1)
    .first<{ id: number }>()
  return { suspensionId: row?.id as number }
}
/** A waitlisted team in A's league with room for it (no capacity set). */
async function waitlistedTeam(w: World): Promise<Params> {
  await registrationRow(w, { kind: 'team', status: 'waitlisted' })
  return {}
}

export const ROUTES: Record<string, Row> = {
  // ---- auth ----
  // The API document (worker/lib/openapi.ts): public, the same for everyone, no tenant needed.
  'GET /openapi.json': { who: OPEN },
  'GET /auth/check-auth': { who: OPEN },
  'POST /auth/login': {
    who: OPEN,
    body: (w) => ({ username: w.aUser.username, password: w.aUser.password, slug: w.org.slug }),
  },
  'POST /auth/logout': { who: OPEN, freshSession: true },

  // ---- members (docs/members.md): a sign-in link for an address of A's, a member's own page ----
  'POST /member/sign-in-link': { who: PUBLIC_WRITE, body: () => ({ email: `${unique('nobody')}@members.example` }) },
  'POST /member/sign-in': { who: PUBLIC_WRITE, prepare: freshSignInTokens, body: () => ({ token: signInTokens.shift() }) },
  'GET /member/notifications': { who: MEMBER_SELF },
  'PUT /member/notifications': { who: MEMBER_SELF, body: () => ({ choices: { results: 'none' } }) },
  // A signed one-click unsubscribe link (docs/notifications.md): A's tenant and the link's signature.
  'GET /member/unsubscribe': { who: PUBLIC_WRITE, prepare: freshUnsubscribeLink, query: () => unsubscribeQuery },
  'POST /member/unsubscribe': { who: PUBLIC_WRITE, prepare: freshUnsubscribeLink, query: () => unsubscribeQuery },

  // ---- score reports (docs/members.md "Score reports"): the staff queue and settle; captains report as members ----
  'GET /score-reports': { who: ADMIN_LIST },
  'GET /score-reports/count': { who: ADMIN_LIST },
  'POST /score-reports/:gameId/settle': {
    who: ADMIN_ID,
    params: (w) => ({ gameId: w.game }),
    prepare: reportedGame,
    body: (w) => ({ teamId: w.team1, version: 1 }),
  },
  // No actor here is a member: the captains' own refusals (another team, a non-captain, another
  // organization) are in test/worker/score-reports.test.ts.
  // A's captain (of team 1) reads the report of A's game; A's member (team 2, no captain) may not.
  'GET /member/games/:id/report': { who: { ...MEMBER_ONLY, aCaptain: 'ok' }, params: (w) => ({ id: w.game }) },
  // A's game is final already: the captain's report is a 409; nobody else may report.
  'PUT /member/games/:id/report': {
    who: { ...MEMBER_ONLY, aCaptain: 409 },
    params: (w) => ({ id: w.game }),
    body: () => ({ score_home: 50, score_away: 40 }),
  },

  // ---- captains, roster invites, availability (docs/members.md): staff mark captains; the member
  // routes refuse every staff actor (members are not users: test/worker/team-members.test.ts checks a
  // member of another team); share links and signed answer links name the organization ----
  'GET /seasonsv2/:seasonId/leagues/:leagueId/teams/:teamId/captains': { who: ADMIN_ID },
  'PUT /seasonsv2/:seasonId/leagues/:leagueId/teams/:teamId/players/:playerId/captain': {
    who: ADMIN_ID,
    body: () => ({ captain: true }),
  },
  'GET /member/teams/:sltId': { who: { ...MEMBER_ONLY, aCaptain: 'ok' }, params: (w) => ({ sltId: w.slt1 }) },
  'POST /member/teams/:sltId/invites': {
    who: { ...MEMBER_ONLY, aCaptain: 'ok' },
    params: (w) => ({ sltId: w.slt1 }),
    body: () => ({ firstName: 'Ivy', lastName: 'Invited', email: `${unique('ivy')}@members.example` }),
  },
  'POST /member/teams/:sltId/links': {
    who: { ...MEMBER_ONLY, aCaptain: 'ok' },
    params: (w) => ({ sltId: w.slt1 }),
    body: () => ({ days: 7, maxUses: 5 }),
  },
  'DELETE /member/teams/:sltId/links/:linkId': { who: MEMBER_ONLY, prepare: freshShareLink, params: (w) => ({ sltId: w.slt2 }) },
  // The captain removes a spare player of team 1 (never A's own players, which other rows use).
  'DELETE /member/teams/:sltId/players/:playerId': {
    who: { ...MEMBER_ONLY, aCaptain: 'ok' },
    params: (w) => ({ sltId: w.slt1 }),
    prepare: (w) =>
      made(
        w,
        'POST',
        `/api/seasonsv2/${w.season}/leagues/${w.league}/teams/${w.team1}/players`,
        { firstName: 'Spare', lastName: unique('Rostered') },
        (b) => b.player.id,
      ).then((playerId) => ({ playerId })),
  },
  'POST /member/join-link': { who: PUBLIC_WRITE, prepare: freshShareLink, body: (_w, p) => ({ token: p.token }) },
  'POST /member/join': {
    who: PUBLIC_WRITE,
    prepare: freshShareLink,
    body: (_w, p) => ({ token: p.token, firstName: 'Jo', lastName: 'Joiner', email: `${unique('jo')}@members.example` }),
  },
  // A's member (team 2) and captain (team 1) both play A's game; B's member does not.
  'GET /member/games/:gameId': { who: { ...MEMBER_ONLY, aMember: 'ok', aCaptain: 'ok' }, params: (w) => ({ gameId: w.game }) },
  // A's game is played: no more answers (409) for its players.
  'PUT /member/games/:gameId/availability': {
    who: { ...MEMBER_ONLY, aMember: 409, aCaptain: 409 },
    params: (w) => ({ gameId: w.game }),
    body: () => ({ answer: 'in' }),
  },
  'POST /member/answer/preview': {
    who: PUBLIC_WRITE,
    prepare: signedAnswer,
    body: (_w, p) => ({ m: p.m, g: p.g, a: 'in', s: p.s }),
  },
  'POST /member/answer': { who: PUBLIC_WRITE, prepare: signedAnswer, body: (_w, p) => ({ m: p.m, g: p.g, a: 'in', s: p.s }) },
  'GET /member/me': { who: { ...MEMBER_SELF } },
  'POST /member/sign-out': { who: OPEN, freshSession: true },
  // ---- member accounts (docs/members.md "Privacy"): a member's own data and account ----
  'GET /member/data': { who: MEMBER_SELF },
  'GET /member/games': { who: MEMBER_SELF },
  // Passkeys (docs/members.md "Passkeys"): a member's own; a forged WebAuthn answer is a 400.
  'GET /member/passkeys': { who: MEMBER_SELF },
  'POST /member/passkeys/register-options': { who: MEMBER_SELF },
  'POST /member/passkeys/register': {
    who: { ...MEMBER_SELF, aMember: 400, aCaptain: 400, bMember: 400 },
    body: () => FORGED_CREDENTIAL,
  },
  // Only the member's own passkeys: A's member's passkey is not found for any other member.
  'DELETE /member/passkeys/:id{[0-9]+}': {
    who: { ...MEMBER_SELF, aMember: 'ok', aCaptain: 404, bMember: 404 },
    prepare: freshPasskeyRow,
  },
  'POST /member/passkeys/sign-in-options': { who: PUBLIC_WRITE },
  // Signing in with A's member's passkey (a software authenticator answering fresh challenges).
  'POST /member/passkeys/sign-in': {
    who: PUBLIC_WRITE,
    prepare: freshPasskeyAnswers,
    body: () => ({ response: passkeyAnswers.shift() }),
  },
  // Deleting an account: each member actor deletes a spare member of their own (freshSession).
  'DELETE /member/account': { who: { ...MEMBER_SELF, bMember: 'ok' }, freshSession: true },

  // ---- organizations ----
  'GET /organizations/listings': { who: OPEN },
  'GET /organizations/current': { who: PUBLIC_LIST },
  'GET /organizations/domain/:domain': { who: OPEN },
  'GET /organizations/slug/:slug': { who: OPEN },
  'GET /organizations': { who: ADMIN_LIST },
  'GET /organizations/:id{[0-9]+}': { who: ADMIN_ID },
  'POST /organizations': { who: SUPER, body: () => ({ name: unique('Made org'), slug: unique('made') }) },
  'PUT /organizations/:id{[0-9]+}': { who: OWNER_ID, body: () => ({ theme: 'dark' }) },
  'DELETE /organizations/:id{[0-9]+}': { who: SUPER, prepare: async () => ({ id: (await createOrg()).id }) },
  // No Cloudflare credentials in tests: the super admin passes and the business rule answers 409.
  'POST /organizations/:id{[0-9]+}/custom-hostname/check': { who: { ...SUPER, superAdmin: 409 } },
  'POST /organizations/:id{[0-9]+}/addUser': {
    who: SUPER,
    prepare: async () => ({ userId: (await createUser((await createOrg()).id, 'staff')).id }),
    body: (_w, p) => ({ userId: p.userId }),
  },
  'POST /admin/organizations': { who: SUPER, body: () => ({ name: unique('Made org'), slug: unique('made') }) },

  // ---- users ----
  'GET /usersv2': { who: { ...ADMIN_LIST, aStaff: 'refused', bStaff: 'refused' } },
  'GET /usersv2/:id{[0-9]+}': { who: OWNER_ID },
  'POST /usersv2': {
    who: { ...ADMIN_LIST, aStaff: 'refused', bStaff: 'refused' },
    body: () => ({ username: unique('made-user'), role: 'staff', password: 'long-enough-pw' }),
  },
  'PUT /usersv2/:id{[0-9]+}': { who: OWNER_ID, body: () => ({ theme: 'dark' }) },
  'DELETE /usersv2/:id{[0-9]+}': { who: OWNER_ID, prepare: freshUser },
  'GET /users/:id{[0-9]+}': { who: OWNER_ID },
  'DELETE /users/:id{[0-9]+}': { who: OWNER_ID, prepare: freshUser },

  // ---- audit trail: owners read their own organization's, a super admin any (organization_id) ----
  'GET /audit-log': { who: { ...ADMIN_LIST, aStaff: 'refused', bStaff: 'refused' } },
  'GET /dashboard': { who: ADMIN_LIST },

  // ---- sports, site pages ----
  'GET /sportsv2': { who: OPEN },
  'GET /sportsv2/byOrg/:id{[0-9]+}': { who: ADMIN_ID },
  'GET /site-pages': { who: PUBLIC_LIST },
  // The content pages follow the named tenant only (no organization_id): the super admin names A.
  'GET /site-pages/:key': { who: { ...PUBLIC_ID, superAdmin: 'public' } },

  // ---- league settings ----
  'GET /statsv2/:sportId{[0-9]+}': { who: PUBLIC_LIST },
  'PUT /statsv2/reorder': { who: ADMIN_ID, body: (w) => ({ stats: [{ id: w.stat, order: 99 }] }) },
  'PUT /statsv2/:id{[0-9]+}/toggle-visibility': { who: ADMIN_ID, body: () => ({ hidden: false }) },
  'POST /statsv2/reset/:sportId{[0-9]+}': { who: ADMIN_LIST },
  'GET /gamePeriods/:sportId{[0-9]+}': { who: ADMIN_LIST },
  'PUT /gamePeriods/hide/:id{[0-9]+}': { who: ADMIN_ID },
  'PUT /gamePeriods/unhide/:id{[0-9]+}': { who: ADMIN_ID },
  // Acting for one of A's users (docs/reference/league-admin.md Game Periods): only A (and the super admin) may.
  'POST /gamePeriods': { who: ADMIN_ID, body: (w) => ({ sportId: w.sport, name: unique('Period'), userId: w.aUser.id }) },
  'PUT /gamePeriods/reorder': { who: ADMIN_ID, body: (w) => ({ gamePeriods: [{ id: w.period, order: 99 }] }) },
  'POST /gamePeriods/reset/:sportId{[0-9]+}': { who: ADMIN_ID, body: (w) => ({ userId: w.aUser.id }) },
  'GET /playerAttributes': { who: PUBLIC_LIST },
  'POST /playerAttributes': { who: ADMIN_LIST, body: () => ({ name: unique('Attr'), type: 'string' }) },
  'PUT /playerAttributes/:id{[0-9]+}/toggleAttributeVisibility': { who: ADMIN_ID, body: () => ({ is_visible: true }) },
  'POST /playerAttributes/reset': { who: ADMIN_LIST },
  'PUT /playerAttributes/reorder': { who: ADMIN_ID, body: (w) => ({ attributes: [{ id: w.attribute, order: 99 }] }) },

  // ---- venues (docs/venues.md): staff and owners of the organization; visitors see them only on games ----
  'GET /venues': { who: ADMIN_LIST },
  'GET /venues/:id{[0-9]+}': { who: ADMIN_ID },
  'POST /venues': { who: ADMIN_LIST, body: () => ({ name: unique('Venue'), courts: [{ name: 'Court 1' }] }) },
  'PUT /venues/:id{[0-9]+}': {
    who: ADMIN_ID,
    prepare: freshVenue,
    body: () => ({ name: unique('Renamed venue'), courts: [{ name: 'Court 9' }] }),
  },
  'DELETE /venues/:id{[0-9]+}': { who: ADMIN_ID, prepare: freshVenue },

  // ---- team constraints (docs/venues.md "Team constraints"): staff and owners of the organization;
  // a captain of the team (A's captain runs team 1; another team's captain is refused:
  // test/worker/team-constraints.test.ts) ----
  'GET /teams/:id{[0-9]+}/constraints': { who: ADMIN_ID, params: (w) => ({ id: w.team1 }) },
  'PUT /teams/:id{[0-9]+}/constraints': {
    who: ADMIN_ID,
    params: (w) => ({ id: w.team1 }),
    body: () => ({ blackouts: [{ date: '2027-01-12', reason: 'Tournament away' }], requests: [] }),
  },
  'GET /member/teams/:sltId{[0-9]+}/constraints': { who: { ...MEMBER_ONLY, aCaptain: 'ok' }, params: (w) => ({ sltId: w.slt1 }) },
  'PUT /member/teams/:sltId{[0-9]+}/constraints': {
    who: { ...MEMBER_ONLY, aCaptain: 'ok' },
    params: (w) => ({ sltId: w.slt1 }),
    body: () => ({ blackouts: [], requests: [{ kind: 'oneGameANight', reason: 'Small roster' }] }),
  },

  // ---- businesses ----
  'GET /businesses': { who: ADMIN_LIST },
  'GET /businesses/directory': { who: OPEN },
  'POST /businesses': { who: ADMIN_LIST, body: () => ({ name: unique('Business') }) },
  'PUT /businesses/:id{[0-9]+}': { who: ADMIN_ID, body: () => ({ phone: '555-0100' }) },
  'DELETE /businesses/:id{[0-9]+}': {
    who: ADMIN_ID,
    prepare: async (w) => ({ id: await made(w, 'POST', '/api/businesses', { name: unique('Spare biz') }, (b) => b.business.id) }),
  },

  // ---- seasons, leagues, divisions, teams of a season ----
  'GET /seasonsv2': { who: PUBLIC_LIST },
  'POST /seasonsv2': { who: ADMIN_LIST, body: () => ({ name: unique('Season'), startDate: '2026-01-01' }) },
  'POST /seasonsv2/delete': { who: ADMIN_ID, prepare: freshSeason, body: (_w, p) => ({ ids: [p.target] }) },
  'GET /seasonsv2/:id': { who: PUBLIC_ID },
  'PUT /seasonsv2/:id': { who: ADMIN_ID, body: () => ({ startDate: '2025-09-01' }) },
  'DELETE /seasonsv2/:id': { who: ADMIN_ID, prepare: freshSeason },
  'GET /seasonsv2/:id/leagues': { who: PUBLIC_ID },
  'GET /seasonsv2/:id/leagues-with-teams-public': { who: PUBLIC_ID },
  'POST /seasonsv2/:id/leagues': { who: ADMIN_ID, body: () => ({ name: unique('League') }) },
  'PUT /seasonsv2/:id/leagues/order': { who: ADMIN_ID, body: (w) => ({ orderedLeagues: [{ id: w.league, position: 0 }] }) },
  'POST /seasonsv2/:id/leagues/delete': { who: ADMIN_ID, prepare: freshLeague, body: (_w, p) => ({ ids: [p.target] }) },
  'PUT /seasonsv2/:id/leagues/:leagueId': { who: ADMIN_ID, body: (w) => ({ name: `League ${w.marker}` }) },
  'DELETE /seasonsv2/:id/leagues/:leagueId': { who: ADMIN_ID, prepare: freshLeague },
  'GET /seasonsv2/:id/divisions': { who: PUBLIC_ID },
  'POST /seasonsv2/:id/divisions': { who: ADMIN_ID, body: () => ({ name: unique('Division') }) },
  'PUT /seasonsv2/:id/divisions/order': { who: ADMIN_ID, body: (w) => ({ orderedDivisions: [{ id: w.division, position: 0 }] }) },
  'GET /seasonsv2/:seasonId/leagues/:leagueId/teams': { who: PUBLIC_ID },
  'POST /seasonsv2/:seasonId/leagues/:leagueId/teams': {
    who: ADMIN_ID,
    params: (w) => ({ leagueId: w.league2 }),
    body: () => ({ name: unique('Team') }),
  },
  'POST /seasonsv2/:seasonId/leagues/:leagueId/teams/delete': {
    who: ADMIN_ID,
    prepare: freshSeasonTeam,
    body: (_w, p) => ({ ids: [p.target] }),
  },
  'GET /seasonsv2/:seasonId/leagues/:leagueId/teams/:teamId': { who: PUBLIC_ID },
  'PUT /seasonsv2/:seasonId/leagues/:leagueId/teams/:teamId': { who: ADMIN_ID, body: (w) => ({ name: `Team1 ${w.marker}` }) },
  'DELETE /seasonsv2/:seasonId/leagues/:leagueId/teams/:teamId': { who: ADMIN_ID, prepare: freshSeasonTeam },
  'GET /seasonsv2/:seasonId/leagues/:leagueId/teams/:teamId/players': { who: PUBLIC_ID },
  'POST /seasonsv2/:seasonId/leagues/:leagueId/teams/:teamId/players': {
    who: ADMIN_ID,
    body: () => ({ firstName: 'New', lastName: unique('Player') }),
  },
  'DELETE /seasonsv2/:seasonId/leagues/:leagueId/teams/:teamId/players/:playerId': {
    who: ADMIN_ID,
    prepare: async (w) => ({
      playerId: await made(
        w,
        'POST',
        `/api/seasonsv2/${w.season}/leagues/${w.league}/teams/${w.team1}/players`,
        { firstName: 'Leaving', lastName: unique('Player') },
        (b) => b.player.id,
      ),
    }),
  },

  // ---- divisions ----
  'DELETE /divisions/:id': {
    who: ADMIN_ID,
    prepare: async (w) => ({
      id: await made(w, 'POST', `/api/seasonsv2/${w.season}/divisions`, { name: unique('Spare div') }, (b) => b.division.id),
    }),
  },
  'POST /divisions/:id/teams': { who: ADMIN_ID, body: (w) => ({ seasons_leagues_teams_id: w.slt2 }) },
  'DELETE /divisions/:id/teams/:sltId': {
    who: ADMIN_ID,
    prepare: async (w) => {
      const id = await made(
        w,
        'POST',
        `/api/seasonsv2/${w.season}/divisions`,
        { name: unique('Spare div') },
        (b) => b.division.id,
      )
      await made(w, 'POST', `/api/divisions/${id}/teams`, { seasons_leagues_teams_id: w.slt3 }, () => 0)
      return { id, sltId: w.slt3 }
    },
  },
  'PUT /divisions/:id/teams/order': { who: ADMIN_ID, body: (w) => ({ orderedTeams: [{ slt_id: w.slt1, position: 0 }] }) },

  // ---- teams ----
  'GET /teams': { who: ADMIN_LIST },
  // B asking for A's league gets its own (empty) list: nothing of A.
  'GET /teams/teamsByLeague': { who: PUBLIC_LIST, query: (w) => `leagueId=${w.league}` },
  'POST /teams': { who: ADMIN_ID, body: (w) => ({ name: unique('Team'), leagueId: w.league2 }) },
  'POST /teams/delete': { who: ADMIN_ID, prepare: freshTeam, body: (_w, p) => ({ ids: [p.target] }) },
  'PUT /teams/:id': { who: ADMIN_ID, body: () => ({ unavailableSlots: [] }) },
  'DELETE /teams/:id': { who: ADMIN_ID, prepare: freshTeam },
  'GET /teamsv2': { who: PUBLIC_LIST },
  'GET /teamsv2/:id': { who: PUBLIC_ID },

  // ---- players ----
  'GET /playersv2': { who: PUBLIC_LIST },
  'GET /playersv2/filters': { who: PUBLIC_LIST },
  'POST /playersv2': { who: ADMIN_LIST, body: () => ({ firstName: 'Free', lastName: unique('Agent') }) },
  'POST /playersv2/delete': { who: ADMIN_ID, prepare: freshPlayer, body: (_w, p) => ({ ids: [p.target] }) },
  'GET /playersv2/:id/basic': { who: PUBLIC_ID },
  'GET /playersv2/:id/stats': { who: PUBLIC_ID },
  'GET /playersv2/:id': { who: PUBLIC_ID },
  'PUT /playersv2/:id': { who: ADMIN_ID, body: (w) => ({ firstName: `P0 ${w.marker}` }) },
  'DELETE /playersv2/:id': { who: ADMIN_ID, prepare: freshPlayer },

  // ---- leagues ----
  'GET /leagues': { who: PUBLIC_LIST },
  'GET /leaguesv2': { who: PUBLIC_LIST },
  'GET /seasonsleagues': { who: ADMIN_LIST },

  // ---- games ----
  'GET /gamesv2': { who: PUBLIC_ID, query: (w) => `seasonId=${w.season}` },
  'GET /gamesv2/:id': { who: PUBLIC_ID },
  'PUT /gamesv2/:id/scores': {
    who: ADMIN_ID,
    body: (w) => ({ score_home: 10, score_away: 8, periodScores: [{ game_period_id: w.period, team_id: w.team1, score: 10 }] }),
  },
  'PUT /gamesv2/:id/details': { who: ADMIN_ID, body: (w) => ({ location: `Gym ${w.marker}` }) },
  'POST /games/generate-full-schedule': { who: ADMIN_ID, body: (w) => ({ scheduleId: w.schedule }) },
  'GET /games/weekly-games': { who: ADMIN_ID, query: (w) => `scheduleId=${w.schedule}&weekIndex=0` },
  'GET /games/weekly-byes': { who: ADMIN_ID, query: (w) => `scheduleId=${w.schedule}&weekIndex=0` },
  'PUT /games/swap': {
    who: ADMIN_ID,
    prepare: async (w) => {
      const rows = (
        await env.DB.prepare('SELECT id FROM games WHERE schedule_id = ? AND week_index = 0 ORDER BY id')
          .bind(w.schedule)
          .all<{ id: number }>()
      ).results
      if (rows.length < 2) throw new Error('prepare swap: fewer than two games in week 0')
      return { gameId1: rows[0].id, gameId2: rows[1].id }
    },
    body: (_w, p) => ({ gameId1: p.gameId1, gameId2: p.gameId2 }),
  },
  'GET /games': { who: ADMIN_ID, query: (w) => `seasonId=${w.season}` },
  'POST /games': {
    who: ADMIN_ID,
    body: (w) => ({
      season_id: w.season,
      leagueId: w.league,
      team1_id: w.team1,
      team2_id: w.team2,
      date: '2025-11-03',
      time: '21:00',
    }),
  },
  'PUT /games/:id': { who: ADMIN_ID, body: () => ({ location: 'Court 2' }) },
  'DELETE /games/:id': {
    who: ADMIN_ID,
    prepare: async (w) => ({
      id: await made(
        w,
        'POST',
        '/api/games',
        { season_id: w.season, leagueId: w.league, team1_id: w.team3, team2_id: w.team4, date: '2025-11-10', time: '21:00' },
        (b) => b.game.id,
      ),
    }),
  },

  // ---- schedules ----
  'GET /schedules': { who: ADMIN_LIST },
  'POST /schedules': { who: ADMIN_ID, body: (w) => scheduleBody(w) },
  'GET /schedules/:id': { who: ADMIN_ID },
  'GET /schedules/:id/fairness': { who: ADMIN_ID },
  'GET /schedules/:id/robinx': { who: ADMIN_ID },
  // Schedules on courts (docs/reference/schedule-builder.md §7): staff and owners of the organization.
  'POST /schedules/:id{[0-9]+}/generate-on-courts': { who: ADMIN_ID, params: (w) => ({ id: w.schedule }), body: () => ({}) },
  'GET /schedules/:id{[0-9]+}/replan': { who: ADMIN_ID, params: (w) => ({ id: w.schedule }) },
  // Nothing is closed: the proposal is empty, so a publish naming a move is stale (409) for those allowed.
  'POST /schedules/:id{[0-9]+}/replan': {
    who: { ...ADMIN_ID, aStaff: 409, aOwner: 409, superAdmin: 409 },
    params: (w) => ({ id: w.schedule }),
    body: (w) => ({ moves: [{ gameId: w.game, version: 1, date: '2027-01-04', time: '18:00', courtId: 1 }] }),
  },
  'PUT /schedules/:id': { who: ADMIN_ID, body: (w) => ({ name: `Sched ${w.marker}` }) },
  'DELETE /schedules/:id': {
    who: ADMIN_ID,
    prepare: async (w) => ({ id: await made(w, 'POST', '/api/schedules', scheduleBody(w), (b) => b.schedule.id) }),
  },

  // ---- box scores, byes, week-offs ----
  'PUT /player-game-stats': {
    who: ADMIN_ID,
    body: (w) => ({
      game_id: w.game,
      stats: [
        { player_id: w.p1, stat_id: w.pts, value: 10 },
        { player_id: w.p1, stat_id: w.stat, value: 1 },
      ],
    }),
  },
  'GET /bye-dates/public': { who: PUBLIC_ID, query: (w) => `seasonId=${w.season}` },
  'GET /week-offs/public': { who: PUBLIC_ID, query: (w) => `seasonId=${w.season}` },
  'GET /week-offs': { who: ADMIN_ID, query: (w) => `seasonId=${w.season}` },
  'POST /week-offs': {
    who: ADMIN_ID,
    body: (w) => ({ season_id: w.season, league_id: w.league, date: '2025-12-29', reason: 'Break' }),
  },
  'DELETE /week-offs/:id': {
    who: ADMIN_ID,
    prepare: async (w) => ({
      id: await made(
        w,
        'POST',
        '/api/week-offs',
        { season_id: w.season, league_id: w.league, date: '2026-01-05' },
        (b) => b.weekOff.id,
      ),
    }),
  },

  // ---- spreadsheet import and CSV export (docs/csv-import-export.md): staff of the organization only ----
  'POST /csv/seasons/:seasonId/leagues/:leagueId/import/preview': {
    who: ADMIN_ID,
    body: () => ({ kind: 'rosters', text: `Team,First name,Last name\n${unique('Imported')},Ann,${unique('Import')}` }),
  },
  'POST /csv/seasons/:seasonId/leagues/:leagueId/import/commit': {
    who: ADMIN_ID,
    params: (w) => ({ leagueId: w.league2 }),
    body: () => ({ kind: 'rosters', text: `Team,First name,Last name\n${unique('Imported')},Ann,${unique('Import')}` }),
  },
  'GET /csv/players.csv': { who: ADMIN_LIST },
  'GET /csv/seasons/:seasonId/leagues/:leagueId/rosters.csv': { who: ADMIN_ID },
  'GET /csv/seasons/:seasonId/leagues/:leagueId/games.csv': { who: ADMIN_ID },
  'GET /csv/seasons/:seasonId/leagues/:leagueId/standings.csv': { who: ADMIN_ID },
  'GET /csv/seasons/:seasonId/leagues/:leagueId/box-scores.csv': { who: ADMIN_ID },

  // ---- public pages ----
  'GET /records/top20Points': { who: PUBLIC_LIST },
  'GET /records/top20Threes': { who: PUBLIC_LIST },
  'GET /records/top20TeamWins': { who: PUBLIC_LIST },
  'GET /records/book': { who: PUBLIC_LIST },
  'GET /records/teams/:teamId{[0-9]+}': { who: PUBLIC_ID },
  'GET /records/settings': { who: ADMIN_LIST },
  'PUT /records/settings': { who: ADMIN_LIST, body: () => ({ minGames: 12, minAttempts: 40 }) },
  'GET /stat-leaders': { who: PUBLIC_LIST },
  'GET /calendar/leagues/:file{[0-9]+\\.ics}': { who: PUBLIC_ID },
  'GET /calendar/teams/:file{[0-9]+\\.ics}': { who: PUBLIC_ID },

  // ---- playoffs (docs/playoffs.md) ----
  'GET /tiebreakers/:leagueId': { who: PUBLIC_ID },
  'PUT /tiebreakers/:leagueId': { who: ADMIN_ID, body: () => ({ rules: ['headToHead'], playoffSpots: 2 }) },
  'GET /brackets': { who: PUBLIC_ID, query: (w) => `seasonId=${w.season}` },
  'POST /brackets': { who: ADMIN_ID, body: (w) => bracketBody(w) },
  'GET /brackets/:id': { who: PUBLIC_ID, prepare: freshBracket },
  'POST /brackets/:id/reseed': { who: ADMIN_ID, prepare: freshBracket, body: () => ({}) },
  'DELETE /brackets/:id': { who: ADMIN_ID, prepare: freshBracket },
  // ---- live scoring (docs/live-scoring.md) ----
  'GET /live/now': { who: PUBLIC_LIST },
  // ---- embeddable widgets (docs/widgets.md): the data version their script polls ----
  'GET /widgets/version': { who: PUBLIC_LIST },
  // The same path with `Upgrade: websocket` is the fan socket: authorized by the same code first
  // (test/worker/live-scoring.test.ts opens it as each actor).
  'GET /live/games/:id': { who: PUBLIC_ID, params: (w) => ({ id: w.game }) },
  // A's game has its final score (the world saved one), so an allowed scorer is stopped by the
  // closed-game rule: 409, and nothing written; appends to an open game are in live-scoring.test.ts.
  'POST /live/games/:id/events': {
    who: { ...ADMIN_ID, aStaff: 409, aOwner: 409, superAdmin: 409 },
    params: (w) => ({ id: w.game }),
    body: (w) => ({
      events: [
        {
          id: unique('evt').replace(/[^A-Za-z0-9_-]/g, ''),
          deviceId: 'matrix-phone',
          seq: 1,
          action: 'two_made',
          playerId: w.p1,
          period: 1,
        },
      ],
    }),
  },
  // ---- registration (docs/registration.md): no Stripe secret here, so online payment is off (409) and the
  // webhook changes nothing; test/worker/registration.test.ts covers payments through the stand-in. ----
  'GET /registration/seasons/:seasonId/leagues/:leagueId': { who: ADMIN_ID },
  'PUT /registration/seasons/:seasonId/leagues/:leagueId': { who: ADMIN_ID, body: () => REGISTRATION_SETTINGS },
  'GET /registration/seasons/:seasonId/leagues/:leagueId/entries': { who: ADMIN_ID },
  'GET /registration/seasons/:seasonId/leagues/:leagueId/entries.csv': { who: ADMIN_ID },
  'POST /registration/seasons/:seasonId/leagues/:leagueId/let-in': { who: ADMIN_ID, prepare: waitlistedTeam },
  'GET /registration/seasons/:seasonId/leagues/:leagueId/report': { who: ADMIN_ID },
  'GET /registration/seasons/:seasonId/leagues/:leagueId/free-agents': { who: ADMIN_ID },
  'POST /registration/entries/:entryId/refund': {
    who: { ...ADMIN_ID, aStaff: 409, aOwner: 409, superAdmin: 409 },
    prepare: (w) => registrationRow(w, { kind: 'team', status: 'paid', paymentIntent: unique('pi') }),
    body: () => ({}),
  },
  'POST /registration/entries/:entryId/team': {
    who: ADMIN_ID,
    prepare: (w) => registrationRow(w, { kind: 'team', status: 'gym' }),
  },
  'POST /registration/entries/:entryId/place': {
    who: ADMIN_ID,
    prepare: (w) => registrationRow(w, { kind: 'free_agent', status: 'free' }),
    body: (w) => ({ seasonsLeagueTeamId: w.slt2 }),
  },
  'GET /registration/forms': { who: PUBLIC_LIST },
  'GET /registration/forms/:formId': { who: PUBLIC_ID, prepare: freshForm },
  'POST /member/registrations': {
    who: { ...MEMBER_ONLY, aMember: 'ok', aCaptain: 'ok' },
    prepare: freshForm,
    body: (_w, p) => ({ formId: p.formId, kind: 'free_agent', answers: {} }),
  },
  'GET /member/registrations': { who: MEMBER_SELF },
  'POST /member/registrations/:entryId/checkout': {
    who: { ...MEMBER_ONLY, aMember: 409 },
    prepare: async (w) => registrationRow(w, { kind: 'team', status: 'held', memberOf: w.memberPlayer }),
  },
  'GET /member/teams/:sltId/free-agents': { who: { ...MEMBER_ONLY, aCaptain: 'ok' }, params: (w) => ({ sltId: w.slt1 }) },
  'POST /member/teams/:sltId/free-agents/:entryId': {
    who: { ...MEMBER_ONLY, aCaptain: 'ok' },
    prepare: (w) => registrationRow(w, { kind: 'free_agent', status: 'free' }),
    params: (w) => ({ sltId: w.slt1 }),
  },
  // docs/registration.md "Suspensions": staff of the organization only.
  'GET /registration/suspensions': { who: ADMIN_LIST },
  'GET /registration/players/:playerId/suspensions': { who: ADMIN_ID },
  'POST /registration/players/:playerId/suspensions': { who: ADMIN_ID, body: () => ({ until: null, reason: 'Matrix' }) },
  'POST /registration/suspensions/:suspensionId/lift': { who: ADMIN_ID, prepare: freshSuspension },
  // Payments off here: the webhook takes the event and changes nothing (its signatures: registration.test.ts).
  'POST /stripe/webhook': {
    who: OPEN,
    body: () => ({ id: 'evt_x', object: 'event', type: 'checkout.session.completed', data: { object: {} } }),
  },
}

function bracketBody(w: World) {
  return { seasonId: w.season, leagueId: w.league, teams: 2, nights: [{ date: '2026-03-02', times: ['18:00', '19:00'] }] }
}
async function freshBracket(w: World) {
  return { id: await made(w, 'POST', '/api/brackets', bracketBody(w), (b) => b.bracket.id) }
}

/** A's id for a path parameter, by the route's first segment (`:id`) or the parameter's name. */
export function defaultParam(w: World, path: string, name: string): string | number {
  const prefix = path.split('/')[1]
  if (name === 'id') {
    const byPrefix: Record<string, number> = {
      seasonsv2: w.season,
      divisions: w.division,
      teams: w.team1,
      teamsv2: w.team1,
      playersv2: w.p1,
      games: w.game,
      gamesv2: w.game,
      schedules: w.schedule,
      organizations: w.org.id,
      usersv2: w.aUser.id,
      users: w.aUser.id,
      businesses: w.business,
      venues: w.venue,
      playerAttributes: w.attribute,
      statsv2: w.stat,
      gamePeriods: w.period,
      'week-offs': w.weekOff,
      sportsv2: w.org.id,
      brackets: w.bracket,
    }
    if (!(prefix in byPrefix)) throw new Error(`no default :id for ${path}`)
    return byPrefix[prefix]
  }
  const byName: Record<string, string | number> = {
    seasonId: w.season,
    leagueId: w.league,
    teamId: w.team1,
    playerId: w.p1,
    sltId: w.slt1,
    sportId: w.sport,
    domain: w.org.domain ?? '',
    slug: w.org.slug,
    key: w.siteKey,
    file: path.includes('/leagues/') ? `${w.league}.ics` : `${w.team1}.ics`,
    // docs/registration.md: the rows make their own (prepare); these only name an id of the right form.
    entryId: 1,
    formId: 1,
  }
  if (!(name in byName)) throw new Error(`no default :${name} for ${path}`)
  return byName[name]
}

/** The route's path with parameters filled in (`:id{[0-9]+}` included). */
export function fillPath(path: string, value: (name: string) => string | number): string {
  return path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, (_m, name: string) => encodeURIComponent(String(value(name))))
}

export function paramsOf(w: World, key: string, extra: Params = {}): Params {
  const row = ROUTES[key]
  const path = key.slice(key.indexOf(' ') + 1)
  const names = [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1])
  const overrides = { ...(row?.params?.(w) ?? {}), ...extra }
  const params: Params = { ...overrides }
  for (const name of names) params[name] ??= defaultParam(w, path, name)
  return params
}
