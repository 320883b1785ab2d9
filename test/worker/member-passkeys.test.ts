// Passkeys (docs/members.md "Passkeys"): a member adds one after signing in and signs in with it;
// a software authenticator (test/helpers/soft-authenticator.ts) plays the browser's part. Challenges
// are used up once; a forged or replayed answer, or another organization, is refused.
import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { Client } from '../helpers/client'
import { buildSeason, createTenant, unique } from '../helpers/factories'
import { giveEmail, memberClient } from '../helpers/members'
import { SoftAuthenticator } from '../helpers/soft-authenticator'

vi.setConfig({ testTimeout: 30_000 })
const ORIGIN = 'http://localhost'

async function signedInMember() {
  const t = await createTenant()
  const built = await buildSeason(t.ownerClient, t.org.id, { teamCount: 1, playersPerTeam: 1 })
  const player = built.teams[0]?.players[0] as { id: number; firstName: string }
  const email = `${unique('pk')}@example.com`
  await giveEmail(player.id, email)
  return { ...t, player, email, member: await memberClient(t.org.slug, email) }
}

describe('passkeys', () => {
  it('are added after a sign-in, listed, used to sign in, and removed', async () => {
    const { org, player, member } = await signedInMember()
    const key = await SoftAuthenticator.create()
    const options = await member.post(`/api/member/passkeys/register-options?slug=${org.slug}`)
    expect(options.status).toBe(200)
    expect(options.body.rp.id).toBe('localhost')
    expect(options.body.challenge.length).toBeGreaterThanOrEqual(22)
    const added = await member.post(`/api/member/passkeys/register?slug=${org.slug}`, {
      response: await key.register(options.body, ORIGIN),
      name: 'My phone',
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.passkey.name).toBe('My phone')
    // The registration challenge was used up: the same answer again is refused.
    const again = await member.post(`/api/member/passkeys/register?slug=${org.slug}`, {
      response: await key.register(options.body, ORIGIN),
    })
    expect(again.status).toBe(400)

    // Signing in with it, from a browser with no session.
    const visitor = new Client()
    const challenge = await visitor.post(`/api/member/passkeys/sign-in-options?slug=${org.slug}`)
    expect(challenge.status).toBe(200)
    const answer = await key.assert(challenge.body, ORIGIN)
    const signedIn = await visitor.post(`/api/member/passkeys/sign-in?slug=${org.slug}`, { response: answer })
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
    expect(signedIn.body.member.player.id).toBe(player.id)
    expect((await visitor.get(`/api/member/me?slug=${org.slug}`)).status).toBe(200)
    // A challenge signs in once: the same answer replayed is refused.
    const replay = await new Client().post(`/api/member/passkeys/sign-in?slug=${org.slug}`, { response: answer })
    expect(replay.status).toBe(400)

    const list = await member.get(`/api/member/passkeys?slug=${org.slug}`)
    expect(list.body.passkeys).toEqual([expect.objectContaining({ name: 'My phone' })])
    const gone = await member.delete(`/api/member/passkeys/${list.body.passkeys[0].id}?slug=${org.slug}`)
    expect(gone.status).toBe(204)
    const after = await new Client().post(`/api/member/passkeys/sign-in-options?slug=${org.slug}`)
    const refused = await new Client().post(`/api/member/passkeys/sign-in?slug=${org.slug}`, {
      response: await key.assert(after.body, ORIGIN),
    })
    expect(refused.status).toBe(400)
  })

  it('refuse a forged signature, another origin, and another organization', async () => {
    const { org, member } = await signedInMember()
    const other = await createTenant()
    const key = await SoftAuthenticator.create()
    const options = await member.post(`/api/member/passkeys/register-options?slug=${org.slug}`)
    await member.post(`/api/member/passkeys/register?slug=${org.slug}`, { response: await key.register(options.body, ORIGIN) })

    const forger = await SoftAuthenticator.create()
    const c1 = await new Client().post(`/api/member/passkeys/sign-in-options?slug=${org.slug}`)
    const forged = { ...(await forger.assert(c1.body, ORIGIN)), id: key.id, rawId: key.id }
    const res1 = await new Client().post(`/api/member/passkeys/sign-in?slug=${org.slug}`, { response: forged })
    expect(res1.status).toBe(400)
    expect(res1.body.message).toBe('This passkey could not be used. Try again, or ask for a sign-in link.')

    const c2 = await new Client().post(`/api/member/passkeys/sign-in-options?slug=${org.slug}`)
    const elsewhere = await new Client().post(`/api/member/passkeys/sign-in?slug=${org.slug}`, {
      response: await key.assert(c2.body, 'https://evil.example'),
    })
    expect(elsewhere.status).toBe(400)

    // The passkey of a member of A never signs in to B, even with B's own challenge.
    const c3 = await new Client().post(`/api/member/passkeys/sign-in-options?slug=${other.org.slug}`)
    const crossed = await new Client().post(`/api/member/passkeys/sign-in?slug=${other.org.slug}`, {
      response: await key.assert(c3.body, ORIGIN),
    })
    expect(crossed.status).toBe(400)
    // Nobody signed in: no member session was made by any of these.
    const sessions = await env.DB.prepare('SELECT last_used_at FROM member_passkeys WHERE credential_id = ?').bind(key.id).first()
    expect(sessions).toEqual({ last_used_at: null })
  })
})
