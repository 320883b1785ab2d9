import { describe, expect, it } from 'vitest'
import { PLATFORM_LOGIN_FAILED } from '../../worker/routes/auth'
import { Client } from '../helpers/client'
import { createOrg, createSuperAdmin, createUser, unique } from '../helpers/factories'

// The platform's own sign-in (no league named) tells league staff where to sign in instead, with
// the same words whatever the username, so it never reveals whether an account exists.
describe("the platform's sign-in page", () => {
  it("points a league's user to their league's sign-in, exactly as it answers an unknown name", async () => {
    const org = await createOrg()
    const staff = await createUser(org.id, 'staff')
    const asStaff = await new Client().post('/api/auth/login', { username: staff.username, password: staff.password })
    const unknown = await new Client().post('/api/auth/login', { username: unique('nobody'), password: 'whatever-1' })
    const wrong = await new Client().post('/api/auth/login', { username: staff.username, password: 'not-the-password' })
    for (const res of [asStaff, unknown, wrong]) {
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: PLATFORM_LOGIN_FAILED })
    }
    expect(PLATFORM_LOGIN_FAILED).toMatch(/league's own page/)
    // On the league's own page the same credentials work.
    expect(
      (await new Client().post('/api/auth/login', { username: staff.username, password: staff.password, slug: org.slug })).status,
    ).toBe(200)
  })

  it('still lets a super admin in', async () => {
    const { client } = await createSuperAdmin()
    expect((await client.get('/api/auth/check-auth')).body.authenticated).toBe(true)
  })
})
