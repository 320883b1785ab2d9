import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { Client } from '../helpers/client'
import { createSuperAdmin, createTenant, unique } from '../helpers/factories'

const userCount = async (orgId: number) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE organization_id = ?').bind(orgId).first<{ n: number }>())?.n

describe('users', () => {
  it('lets a super admin create a user in any organization with sports', async () => {
    const { client } = await createSuperAdmin()
    const { org } = await createTenant()
    const sports = (await client.get('/api/sportsv2')).body.sports
    const res = await client.post('/api/usersv2', {
      username: unique('coach'),
      email: 'coach@example.com',
      password: 'a-good-password',
      role: 'staff',
      organization_id: org.id,
      sportIds: [sports[0].id],
    })
    expect(res.status).toBe(201)
    expect(res.body.user).toMatchObject({
      role: 'staff',
      organization_id: org.id,
      sportIds: [sports[0].id],
      resetPassword: false,
    })
    expect(res.body.tempPassword).toBeUndefined()
  })

  it('gives a user created without a password a temporary one, shown once', async () => {
    const { org, ownerClient } = await createTenant()
    const username = unique('temp')
    const res = await ownerClient.post('/api/usersv2', { username, role: 'staff' })
    expect(res.status).toBe(201)
    expect(res.body.user.resetPassword).toBe(true)
    const client = new Client()
    await client.signIn(username, res.body.tempPassword, { slug: org.slug })
  })

  it('validates: username required, roles limited to owner and staff, e-mail format, password length', async () => {
    const { ownerClient } = await createTenant()
    const blank = await ownerClient.post('/api/usersv2', { username: ' ', role: 'staff' })
    expect(blank.status).toBe(400)
    expect(blank.body.fields.username).toBe('Username is required')
    const superRole = await ownerClient.post('/api/usersv2', { username: unique('x'), role: 'super_admin' })
    expect(superRole.status).toBe(400)
    expect(superRole.body.fields.role).toBeDefined()
    const mail = await ownerClient.post('/api/usersv2', { username: unique('x'), role: 'staff', email: 'not-an-email' })
    expect(mail.body.fields.email).toBeDefined()
    const short = await ownerClient.post('/api/usersv2', { username: unique('x'), role: 'staff', password: 'short' })
    expect(short.body.fields.password).toMatch(/at least 8/)
  })

  it('refuses a duplicate username within an organization', async () => {
    const { ownerClient, staff } = await createTenant()
    const res = await ownerClient.post('/api/usersv2', { username: staff.username, role: 'staff' })
    expect(res.status).toBe(409)
  })

  it("keeps an owner inside their organization: organization_id is ignored, others' users are 404", async () => {
    const mine = await createTenant()
    const theirs = await createTenant()
    const created = await mine.ownerClient.post('/api/usersv2', {
      username: unique('x'),
      role: 'staff',
      organization_id: theirs.org.id,
    })
    expect(created.status).toBe(201)
    expect(created.body.user.organization_id).toBe(mine.org.id)
    const before = await userCount(theirs.org.id)
    expect((await mine.ownerClient.get(`/api/usersv2/${theirs.staff.id}`)).status).toBe(404)
    expect((await mine.ownerClient.put(`/api/usersv2/${theirs.staff.id}`, { username: 'pwned' })).status).toBe(404)
    expect((await mine.ownerClient.delete(`/api/usersv2/${theirs.staff.id}`)).status).toBe(404)
    expect((await mine.ownerClient.delete(`/api/users/${theirs.staff.id}`)).status).toBe(404)
    const list = await mine.ownerClient.get('/api/usersv2')
    expect(list.body.users.every((u: { organization_id: number }) => u.organization_id === mine.org.id)).toBe(true)
    expect(await userCount(theirs.org.id)).toBe(before)
  })

  it('lets staff manage nobody but themselves', async () => {
    const { staffClient, owner, staff } = await createTenant()
    expect((await staffClient.get('/api/usersv2')).status).toBe(403)
    expect((await staffClient.post('/api/usersv2', { username: unique('x'), role: 'staff' })).status).toBe(403)
    expect((await staffClient.put(`/api/usersv2/${owner.id}`, { role: 'staff' })).status).toBe(403)
    expect((await staffClient.delete(`/api/usersv2/${owner.id}`)).status).toBe(403)
    const self = await staffClient.get(`/api/usersv2/${staff.id}`)
    expect(self.body.user).toMatchObject({ username: staff.username, theme: 'light' })
  })

  it('refuses anonymous visitors', async () => {
    const { staff } = await createTenant()
    const client = new Client()
    expect((await client.get('/api/usersv2')).status).toBe(401)
    expect((await client.get(`/api/users/${staff.id}`)).status).toBe(401)
    expect((await client.post('/api/usersv2', { username: 'x', role: 'staff' })).status).toBe(401)
    expect((await client.delete(`/api/usersv2/${staff.id}`)).status).toBe(401)
  })

  it('changes your own password only with the old one, and keeps you signed in', async () => {
    const { org, staffClient, staff } = await createTenant()
    const wrong = await staffClient.put(`/api/usersv2/${staff.id}`, { oldPassword: 'nope-nope', password: 'brand-new-pass' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.fields.oldPassword).toBe('Old password is incorrect')
    const ok = await staffClient.put(`/api/usersv2/${staff.id}`, {
      oldPassword: staff.password,
      password: 'brand-new-pass',
      theme: 'dark',
    })
    expect(ok.status).toBe(200)
    expect(ok.body.user.theme).toBe('dark')
    expect((await staffClient.get('/api/auth/check-auth')).body.authenticated).toBe(true)
    await new Client().signIn(staff.username, 'brand-new-pass', { slug: org.slug })
  })

  it('ends sessions when an owner changes a user role, and refuses changing your own role', async () => {
    const { ownerClient, staffClient, staff, owner } = await createTenant()
    const res = await ownerClient.put(`/api/usersv2/${staff.id}`, { role: 'org_owner' })
    expect(res.body.user.role).toBe('org_owner')
    expect((await staffClient.get('/api/auth/check-auth')).body.authenticated).toBe(false)
    const self = await ownerClient.put(`/api/usersv2/${owner.id}`, { role: 'staff' })
    expect(self.body.user.role).toBe('org_owner')
  })

  it('never lets an owner delete themselves', async () => {
    const { ownerClient, owner } = await createTenant()
    expect((await ownerClient.delete(`/api/usersv2/${owner.id}`)).status).toBe(409)
  })
})
