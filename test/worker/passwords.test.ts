import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { ATTACK_DELAY_MS } from '../../worker/domain/login-throttle'
import { PBKDF2_ITERATIONS } from '../../worker/lib/password'
import { Client } from '../helpers/client'
import { createOrg, createSuperAdmin, createTenant, createUser, unique } from '../helpers/factories'

vi.setConfig({ testTimeout: 60_000 })

const LOGIN_FAILED = 'Login failed. Please check your credentials.'
const TOO_MANY = 'Too many failed sign-in attempts. Please try again later.'

let addressCounter = 0
/** A documentation-range address of its own, so tests never share an address's failure count. */
const newAddress = () => `198.51.100.${++addressCounter}`

function attempt(username: string, password: string, slug: string, address: string, client = new Client()) {
  return client.post('/api/auth/login', { username, password, slug }, { headers: { 'CF-Connecting-IP': address } })
}

const storedHash = async (userId: number) =>
  (await env.DB.prepare('SELECT password_hash FROM users WHERE id = ?').bind(userId).first<{ password_hash: string }>())
    ?.password_hash as string

describe('password rules wherever a password is set', () => {
  it('refuses common, simple and look-alike passwords when a user is created, with a field error', async () => {
    const { org, ownerClient } = await createTenant({ name: 'Riverside Hoops Club' })
    const cases: [string, string, RegExp][] = [
      [unique('u'), 'password1', /too common/],
      [unique('u'), 'Lakers2024!', /too common/],
      [unique('u'), 'p@ssw0rd99', /too common/],
      [unique('u'), 'basketball', /too common/],
      [unique('u'), '12345678', /too simple/],
      [unique('u'), 'zzzzzzzzzz', /too simple/],
      [unique('u'), 'abcdefghij', /too simple/],
      ['jordan-smith', 'jordan-smith-77', /username/],
      [unique('u'), 'RiversideHoopsClub!', /organization/],
      [unique('u'), `${org.slug}-rocks`, /organization/],
      [unique('u'), 'short1', /at least 8/],
    ]
    for (const [username, password, message] of cases) {
      const res = await ownerClient.post('/api/usersv2', { username, password, role: 'staff' })
      expect(res.status, password).toBe(400)
      expect(res.body.fields.password, password).toMatch(message)
      expect(res.body.message, password).toMatch(message)
    }
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE organization_id = ?')
      .bind(org.id)
      .first<{ n: number }>()
    expect(count?.n).toBe(2) // the owner and the staff member of createTenant, nobody else
    const good = await ownerClient.post('/api/usersv2', { username: unique('u'), password: 'Walnut-tree-42', role: 'staff' })
    expect(good.status).toBe(201)
  })

  it('refuses a common password for your own change and for a super admin setting one', async () => {
    const { staffClient, staff } = await createTenant()
    const before = await storedHash(staff.id)
    const own = await staffClient.put(`/api/usersv2/${staff.id}`, { oldPassword: staff.password, password: 'iloveyou' })
    expect(own.status).toBe(400)
    expect(own.body.fields.password).toBe('Password is too common')
    const { client: admin } = await createSuperAdmin()
    const bySuperAdmin = await admin.put(`/api/usersv2/${staff.id}`, { password: 'qwerty123' })
    expect(bySuperAdmin.status).toBe(400)
    expect(bySuperAdmin.body.fields.password).toBe('Password is too common')
    expect(await storedHash(staff.id)).toBe(before)
  })

  it('stores PBKDF2-SHA-256 at exactly 100,000 iterations with a 16-byte salt, self-described', async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000)
    const { ownerClient } = await createTenant()
    const created = await ownerClient.post('/api/usersv2', { username: unique('u'), password: 'Walnut-tree-42', role: 'staff' })
    const [scheme, iterations, salt, hash] = (await storedHash(created.body.user.id)).split('$')
    expect(scheme).toBe('pbkdf2-sha256')
    expect(Number(iterations)).toBe(100_000)
    expect(Uint8Array.from(atob(salt), (ch) => ch.charCodeAt(0))).toHaveLength(16)
    expect(Uint8Array.from(atob(hash), (ch) => ch.charCodeAt(0))).toHaveLength(32)
  })
})

describe('failed sign-ins are counted per organization+username and per address', () => {
  it('stops one address after 10 failures on an account, but never locks the owner out from elsewhere', async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const attacker = newAddress()
    for (let i = 0; i < 14; i++) {
      const res = await attempt(staff.username, `guess-${i}-wrong`, org.slug, attacker)
      expect(res.status).toBe(i < 10 ? 401 : 429)
    }
    const locked = await attempt(staff.username, staff.password, org.slug, attacker)
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual({ message: TOO_MANY })
    const wait = Number(locked.headers.get('Retry-After'))
    expect(wait).toBeGreaterThan(14 * 60)
    expect(wait).toBeLessThanOrEqual(15 * 60)
    // The real user, from their own address, still gets in.
    expect((await attempt(staff.username, staff.password, org.slug, newAddress())).status).toBe(200)
  })

  it('slows an account guessed from several addresses, and never refuses its owner the right password', async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    // Three strangers, five failures each: the account is under attack from several addresses.
    for (let s = 0; s < 3; s++) {
      const address = newAddress()
      for (let i = 0; i < 5; i++) expect((await attempt(staff.username, `wrong-${i}-guess`, org.slug, address)).status).toBe(401)
    }
    // Every further failure is held back…
    const started = Date.now()
    expect((await attempt(staff.username, 'another-wrong-guess', org.slug, newAddress())).status).toBe(401)
    expect(Date.now() - started).toBeGreaterThanOrEqual(ATTACK_DELAY_MS)
    // …but the owner, with the right password, from a new address, gets in at once.
    const fresh = await attempt(staff.username, staff.password, org.slug, newAddress())
    expect(fresh.status).toBe(200)
    // The same username in another organization is another account.
    const other = await createOrg()
    const namesake = await createUser(other.id, 'staff', { username: staff.username })
    expect((await attempt(namesake.username, namesake.password, other.slug, newAddress())).status).toBe(200)
  })

  it('answers an unknown username exactly as a known one, up to the same 429', async () => {
    const org = await createOrg()
    const known = await createUser(org.id, 'staff')
    const unknown = unique('ghost')
    const answers: Record<string, { status: number; body: unknown; retryAfter: string | null }[]> = {}
    for (const username of [known.username, unknown]) {
      const address = newAddress()
      answers[username] = []
      for (let i = 0; i < 11; i++) {
        const res = await attempt(username, `nope-${i}-nope`, org.slug, address)
        answers[username].push({ status: res.status, body: res.body, retryAfter: res.headers.get('Retry-After') ? 'set' : null })
      }
    }
    expect(answers[unknown]).toEqual(answers[known.username])
    expect(answers[unknown][0]).toEqual({ status: 401, body: { message: LOGIN_FAILED }, retryAfter: null })
    expect(answers[unknown][10]).toEqual({ status: 429, body: { message: TOO_MANY }, retryAfter: 'set' })
  })

  it('stops an address after 50 failures across usernames (password spraying), even with a right password', async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const sprayer = newAddress()
    for (let i = 0; i < 50; i++) {
      expect((await attempt(unique('spray'), 'Summer-2025!', org.slug, sprayer)).status).toBe(401)
    }
    const res = await attempt(staff.username, staff.password, org.slug, sprayer)
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await attempt(staff.username, staff.password, org.slug, newAddress())).status).toBe(200)
  })

  it("forgets an address's failures on an account once it signs in", async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const address = newAddress()
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await attempt(staff.username, `typo-${i}-pass`, org.slug, address)).status).toBe(401)
      expect((await attempt(staff.username, staff.password, org.slug, address)).status).toBe(200)
    }
  })
})

describe('temporary passwords must be changed at the next sign-in', () => {
  async function resetStaff() {
    const tenant = await createTenant()
    const reset = await tenant.ownerClient.put(`/api/usersv2/${tenant.staff.id}`, { resetPassword: true })
    expect(reset.status).toBe(200)
    const client = new Client()
    const login = await client.signIn(tenant.staff.username, reset.body.tempPassword, { slug: tenant.org.slug })
    return { ...tenant, tempPassword: reset.body.tempPassword as string, client, login }
  }

  it('flags the user in login and check-auth and refuses every other call with 403', async () => {
    const { client, login, staff, owner } = await resetStaff()
    expect(login.body.user).toMatchObject({ id: staff.id, resetPassword: true, mustChangePassword: true })
    const check = await client.get('/api/auth/check-auth')
    expect(check.body).toMatchObject({ authenticated: true, user: { mustChangePassword: true } })
    for (const [method, path] of [
      ['GET', '/api/seasonsv2'],
      ['GET', `/api/usersv2/${staff.id}`],
      ['GET', '/api/organizations/current'],
      ['POST', '/api/seasonsv2'],
      ['PUT', `/api/usersv2/${owner.id}`],
      ['DELETE', `/api/usersv2/${owner.id}`],
    ]) {
      const res = await client.request(method, path, method === 'GET' || method === 'DELETE' ? {} : { json: { name: 'x' } })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(res.body, `${method} ${path}`).toEqual({ message: 'Password change required' })
    }
    // Your own account: only a password change goes through.
    const themeOnly = await client.put(`/api/usersv2/${staff.id}`, { theme: 'dark' })
    expect(themeOnly.status).toBe(403)
    expect(themeOnly.body.message).toBe('Password change required')
    expect((await client.post('/api/auth/logout')).status).toBe(200)
  })

  it('takes the temporary password as the old one, applies the rules, then clears the flag', async () => {
    const { client, staff, org, tempPassword } = await resetStaff()
    const elsewhere = new Client()
    await elsewhere.signIn(staff.username, tempPassword, { slug: org.slug })
    const common = await client.put(`/api/usersv2/${staff.id}`, { oldPassword: tempPassword, password: 'letmein123' })
    expect(common.body.fields.password).toBe('Password is too common')
    const same = await client.put(`/api/usersv2/${staff.id}`, { oldPassword: tempPassword, password: tempPassword })
    expect(same.status).toBe(400)
    const wrongOld = await client.put(`/api/usersv2/${staff.id}`, { oldPassword: 'not-the-temp-one', password: 'Walnut-tree-42' })
    expect(wrongOld.body.fields.oldPassword).toBe('Old password is incorrect')
    const changed = await client.put(`/api/usersv2/${staff.id}`, { oldPassword: tempPassword, password: 'Walnut-tree-42' })
    expect(changed.status).toBe(200)
    expect(changed.body.user.resetPassword).toBe(false)
    // This session continues, unflagged; the other one has ended.
    expect((await client.get('/api/auth/check-auth')).body.user).toMatchObject({ mustChangePassword: false })
    expect((await client.get('/api/seasonsv2')).status).toBe(200)
    expect((await elsewhere.get('/api/auth/check-auth')).body.authenticated).toBe(false)
    await new Client().signIn(staff.username, 'Walnut-tree-42', { slug: org.slug })
  })

  it('flags a user created without a password too', async () => {
    const { org, ownerClient } = await createTenant()
    const username = unique('new')
    const created = await ownerClient.post('/api/usersv2', { username, role: 'staff' })
    const login = await new Client().signIn(username, created.body.tempPassword, { slug: org.slug })
    expect(login.body.user.mustChangePassword).toBe(true)
  })
})

describe('sessions end at once, everywhere, when the user signs out or changes their password', () => {
  it('signing out ends every session of the user, on every device', async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const laptop = new Client()
    await laptop.signIn(staff.username, staff.password, { slug: org.slug })
    const phone = new Client()
    await phone.signIn(staff.username, staff.password, { slug: org.slug })
    const other = await createUser(org.id, 'staff')
    const colleague = new Client()
    await colleague.signIn(other.username, other.password, { slug: org.slug })
    expect((await laptop.post('/api/auth/logout')).status).toBe(200)
    expect((await phone.get('/api/auth/check-auth')).body.authenticated).toBe(false)
    expect((await phone.get(`/api/usersv2/${staff.id}`)).status).toBe(401)
    // Only that user: a colleague stays signed in.
    expect((await colleague.get('/api/auth/check-auth')).body.authenticated).toBe(true)
  })

  it('changing your password ends your other sessions and keeps this one', async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const laptop = new Client()
    await laptop.signIn(staff.username, staff.password, { slug: org.slug })
    const phone = new Client()
    await phone.signIn(staff.username, staff.password, { slug: org.slug })
    const res = await laptop.put(`/api/usersv2/${staff.id}`, { oldPassword: staff.password, password: 'Walnut-tree-42' })
    expect(res.status).toBe(200)
    expect((await phone.get('/api/auth/check-auth')).body.authenticated).toBe(false)
    expect((await laptop.get('/api/auth/check-auth')).body.authenticated).toBe(true)
  })
})
