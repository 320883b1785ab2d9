import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { PBKDF2_ITERATIONS } from '../../worker/lib/password'
import { Client } from '../helpers/client'
import { createOrg, createSuperAdmin, createUser, unique } from '../helpers/factories'

const LOGIN_FAILED = 'Login failed. Please check your credentials.'

describe('sign-in', () => {
  it('signs a user in on their own organization and reports it in check-auth', async () => {
    const org = await createOrg()
    const owner = await createUser(org.id, 'org_owner', { email: 'owner@example.com' })
    const client = new Client()
    const login = await client.post('/api/auth/login', { username: owner.username, password: owner.password, slug: org.slug })
    expect(login.status).toBe(200)
    expect(login.body.user).toMatchObject({ id: owner.id, username: owner.username, role: 'org_owner', organization_id: org.id })
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('courtside_session='))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//)
    const check = await client.get('/api/auth/check-auth')
    expect(check.body).toMatchObject({
      authenticated: true,
      user: { username: owner.username, email: 'owner@example.com', organization: { id: org.id, slug: org.slug } },
    })
    expect(check.body.user.sports).toEqual([{ id: expect.any(Number), name: 'Basketball' }])
  })

  it('answers check-auth for a visitor with authenticated false, never 401', async () => {
    const res = await new Client().get('/api/auth/check-auth')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ authenticated: false, user: null })
    expect(res.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN='))).toBe(true)
  })

  it('refuses a wrong password with the spec message', async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const res = await new Client().post('/api/auth/login', {
      username: staff.username,
      password: 'wrong-password',
      slug: org.slug,
    })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: LOGIN_FAILED })
  })

  it('answers an unknown username exactly like a wrong password', async () => {
    const org = await createOrg()
    const res = await new Client().post('/api/auth/login', { username: 'nobody-at-all', password: 'whatever1', slug: org.slug })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: LOGIN_FAILED })
  })

  it("refuses a user on another organization's slug or custom domain", async () => {
    const home = await createOrg()
    const domain = `${unique('away')}.example`
    const away = await createOrg({ domain })
    const owner = await createUser(home.id, 'org_owner')
    const bySlug = await new Client().post('/api/auth/login', {
      username: owner.username,
      password: owner.password,
      slug: away.slug,
    })
    expect(bySlug.status).toBe(401)
    const byHost = await new Client(`http://${domain}`).post('/api/auth/login', {
      username: owner.username,
      password: owner.password,
    })
    expect(byHost.status).toBe(401)
    const atRoot = await new Client().post('/api/auth/login', { username: owner.username, password: owner.password })
    expect(atRoot.status).toBe(401)
    const onOwnHost = await new Client().post('/api/auth/login', {
      username: owner.username,
      password: owner.password,
      slug: home.slug,
    })
    expect(onOwnHost.status).toBe(200)
  })

  it('lets a super admin sign in anywhere', async () => {
    const { admin } = await createSuperAdmin()
    const other = await createOrg({ domain: `${unique('sa')}.example` })
    expect((await new Client().post('/api/auth/login', { username: admin.username, password: admin.password })).status).toBe(200)
    expect(
      (await new Client().post('/api/auth/login', { username: admin.username, password: admin.password, slug: other.slug }))
        .status,
    ).toBe(200)
    expect(
      (await new Client(`http://${other.domain}`).post('/api/auth/login', { username: admin.username, password: admin.password }))
        .status,
    ).toBe(200)
  })

  it('locks a username+address out after 10 failures within 15 minutes, with Retry-After', async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const client = new Client()
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/auth/login', { username: staff.username, password: `bad-${i}-pass`, slug: org.slug })
      expect(res.status).toBe(401)
    }
    const locked = await client.post('/api/auth/login', { username: staff.username, password: staff.password, slug: org.slug })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(locked.body.message).toMatch(/Too many/)
    // Another address is not locked out by this one.
    const elsewhere = await new Client().post(
      '/api/auth/login',
      { username: staff.username, password: staff.password, slug: org.slug },
      { headers: { 'CF-Connecting-IP': '203.0.113.9' } },
    )
    expect(elsewhere.status).toBe(200)
  })

  it('checks at most 10 passwords from one address on one account, however many arrive at once', async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const client = new Client()
    await client.get('/api/auth/check-auth')
    const headers = { 'CF-Connecting-IP': '198.51.100.77' }
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        client.post('/api/auth/login', { username: staff.username, password: `bad-${i}-pass`, slug: org.slug }, { headers }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    const locked = await client.post(
      '/api/auth/login',
      { username: staff.username, password: staff.password, slug: org.slug },
      { headers },
    )
    expect(locked.status).toBe(429)
  })

  it('a right password does not count as a failure: 9 wrong, 1 right, 9 wrong are all checked', async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const client = new Client()
    const headers = { 'CF-Connecting-IP': '198.51.100.78' }
    const attempt = (password: string) =>
      client.post('/api/auth/login', { username: staff.username, password, slug: org.slug }, { headers })
    for (let i = 0; i < 9; i++) expect((await attempt(`bad-${i}-pass`)).status).toBe(401)
    expect((await attempt(staff.password)).status).toBe(200)
    for (let i = 0; i < 9; i++) expect((await attempt(`bad-again-${i}`)).status).toBe(401)
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM login_failures WHERE address = ? AND username = '*'")
      .bind('198.51.100.78')
      .first<{ n: number }>()
    expect(rows?.n).toBe(18)
  })

  it('issues a new session id at every sign-in and stores only its hash in KV', async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const client = new Client()
    await client.signIn(staff.username, staff.password, { slug: org.slug })
    const first = client.cookies.get('courtside_session')
    const firstXsrf = client.cookies.get('XSRF-TOKEN')
    await client.signIn(staff.username, staff.password, { slug: org.slug })
    const second = client.cookies.get('courtside_session')
    expect(second).toBeDefined()
    expect(second).not.toBe(first)
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(firstXsrf)
    expect(await env.SESSIONS.get(`session:${second}`)).toBeNull()
    const keys = await env.SESSIONS.list({ prefix: 'session:' })
    expect(keys.keys.every((k) => /^session:[0-9a-f]{64}$/.test(k.name))).toBe(true)
  })

  it('uses PBKDF2-SHA-256 with 100,000 iterations and a self-describing format', async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000)
    const org = await createOrg()
    const client = new Client()
    const { client: admin } = await createSuperAdmin()
    const created = await admin.post('/api/usersv2', {
      username: unique('u'),
      password: 'a-long-password',
      role: 'staff',
      organization_id: org.id,
    })
    expect(created.status).toBe(201)
    const row = await env.DB.prepare('SELECT password_hash FROM users WHERE id = ?')
      .bind(created.body.user.id)
      .first<{ password_hash: string }>()
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/)
    void client
  })
})

describe('anti-forgery', () => {
  it('refuses a write without the X-XSRF-TOKEN header with 403', async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const client = new Client()
    await client.get('/api/auth/check-auth')
    const res = await client.post(
      '/api/auth/login',
      { username: staff.username, password: staff.password, slug: org.slug },
      { xsrf: false },
    )
    expect(res.status).toBe(403)
  })

  it('refuses a header that does not match the cookie', async () => {
    const { client } = await createSuperAdmin()
    const res = await client.request('POST', '/api/admin/organizations', {
      json: { name: 'Forged' },
      xsrf: false,
      headers: { 'X-XSRF-TOKEN': 'not-the-cookie' },
    })
    expect(res.status).toBe(403)
  })

  it('refuses a pre-login token once signed in: the token is bound to the session', async () => {
    const { client } = await createSuperAdmin()
    const attacker = new Client()
    await attacker.get('/api/auth/check-auth')
    const planted = attacker.cookies.get('XSRF-TOKEN') as string
    client.cookies.set('XSRF-TOKEN', planted)
    const res = await client.post('/api/admin/organizations', { name: 'Forged' })
    expect(res.status).toBe(403)
  })
})

describe('sign-out', () => {
  it('ends the session: the old cookie no longer works', async () => {
    const org = await createOrg({ domain: `${unique('out')}.example` })
    const owner = await createUser(org.id, 'org_owner')
    const client = new Client()
    await client.signIn(owner.username, owner.password, { slug: org.slug })
    const stolen = client.cookies.get('courtside_session') as string
    const out = await client.post('/api/auth/logout')
    expect(out.status).toBe(200)
    expect(out.body).toEqual({ domain: org.domain, slug: org.slug })
    const replay = new Client()
    replay.cookies.set('courtside_session', stolen)
    expect((await replay.get('/api/auth/check-auth')).body.authenticated).toBe(false)
    expect((await replay.get('/api/organizations')).status).toBe(401)
  })

  it('sends a super admin to / after sign-out', async () => {
    const { client } = await createSuperAdmin()
    expect((await client.post('/api/auth/logout')).body).toEqual({ domain: null, slug: null })
  })

  it('ends every session of a user whose password is reset or who is deleted', async () => {
    const org = await createOrg()
    const owner = await createUser(org.id, 'org_owner')
    const staff = await createUser(org.id, 'staff')
    const ownerClient = new Client()
    await ownerClient.signIn(owner.username, owner.password, { slug: org.slug })
    const staffClient = new Client()
    await staffClient.signIn(staff.username, staff.password, { slug: org.slug })
    expect((await staffClient.get('/api/auth/check-auth')).body.authenticated).toBe(true)
    const reset = await ownerClient.put(`/api/usersv2/${staff.id}`, { resetPassword: true })
    expect(reset.status).toBe(200)
    expect(reset.body.tempPassword).toMatch(/^[A-Za-z0-9]{12}$/)
    expect((await staffClient.get('/api/auth/check-auth')).body.authenticated).toBe(false)
    const again = new Client()
    await again.signIn(staff.username, reset.body.tempPassword, { slug: org.slug })
    expect((await again.get('/api/auth/check-auth')).body.user.resetPassword).toBe(true)
    expect((await ownerClient.delete(`/api/usersv2/${staff.id}`)).status).toBe(204)
    expect((await again.get('/api/auth/check-auth')).body.authenticated).toBe(false)
  })
})
