// Browser journey (docs/reference/trust-and-security.md): an organization owner resets a staff member's password; the staff
// member signs in with the temporary password, is made to choose a new one (the server's rules
// shown as they come), and lands on the dashboard. Needs the SPA built into web/dist and Chromium.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

describe('temporary passwords', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('an owner resets a staff password; the staff member must choose a new one, then reaches the dashboard', async () => {
    // The owner of ocbl resets the staff member's password from Settings → Users.
    const owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await owner.goto(`${server.baseUrl}/ocbl/login`)
    await owner.getByLabel('Username').fill('owner')
    await owner.getByLabel('Password').fill('owner-local')
    await owner.getByRole('button', { name: 'LOGIN' }).click()
    await owner.waitForURL('**/dashboard/seasons')
    await owner.getByRole('button', { name: 'Settings' }).click()
    await owner.getByRole('link', { name: 'Users', exact: true }).click()
    await owner.waitForURL('**/dashboard/users')
    await owner.getByRole('heading', { name: 'Users', exact: true }).waitFor()
    await owner.getByRole('button', { name: 'Reset password of staff' }).click()
    const confirm = owner.getByRole('dialog', { name: 'Reset password' })
    await confirm.getByRole('button', { name: 'Reset password' }).click()
    const issued = owner.getByRole('dialog', { name: 'Temporary password' })
    const tempPassword = (await issued.locator('code.temp-password').textContent())?.trim() ?? ''
    expect(tempPassword).toMatch(/^[A-Za-z0-9]{12}$/)
    await issued.getByRole('button', { name: 'OK' }).click()
    await owner.getByText('Temporary password not changed yet').waitFor()

    // The staff member signs in with it, in their own browser.
    const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await staff.goto(`${server.baseUrl}/ocbl/login`)
    await staff.getByLabel('Username').fill('staff')
    await staff.getByLabel('Password').fill('staff-local')
    await staff.getByRole('button', { name: 'LOGIN' }).click()
    await staff.getByText('Login failed. Please check your credentials.').waitFor()
    await staff.getByLabel('Password').fill(tempPassword)
    await staff.getByRole('button', { name: 'LOGIN' }).click()
    await staff.getByRole('heading', { name: 'Choose a new password' }).waitFor()
    await expect(staff.getByRole('heading', { name: 'SEASONS' }).count()).resolves.toBe(0)

    // The rules apply: a common password is refused with the server's words.
    await staff.getByLabel('Temporary password').fill(tempPassword)
    await staff.getByLabel('New password', { exact: true }).fill('basketball1')
    await staff.getByLabel('Confirm new password').fill('basketball1')
    await staff.getByRole('button', { name: 'Save new password' }).click()
    await staff.locator('.field-error', { hasText: 'Password is too common' }).waitFor()

    // A good one lets the staff member in, straight to the dashboard.
    await staff.getByLabel('New password', { exact: true }).fill('Walnut-tree-42')
    await staff.getByLabel('Confirm new password').fill('Walnut-tree-42')
    await staff.getByRole('button', { name: 'Save new password' }).click()
    await staff.getByRole('heading', { name: 'SEASONS' }).waitFor()
    expect(new URL(staff.url()).pathname).toBe('/dashboard/seasons')

    // The owner's list no longer shows the pending temporary password.
    await owner.reload()
    await owner.getByRole('heading', { name: 'Users', exact: true }).waitFor()
    await owner.getByRole('cell', { name: 'staff', exact: true }).waitFor()
    await expect(owner.getByText('Temporary password not changed yet').count()).resolves.toBe(0)
  })

  it('an owner adds a staff member, who signs in with the temporary password; the owner changes the role and removes the account', async () => {
    const owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await owner.goto(`${server.baseUrl}/ocbl/login`)
    await owner.getByLabel('Username').fill('owner')
    await owner.getByLabel('Password').fill('owner-local')
    await owner.getByRole('button', { name: 'LOGIN' }).click()
    await owner.waitForURL('**/dashboard/seasons')
    await owner.goto(`${server.baseUrl}/dashboard/users`)
    await owner.getByRole('heading', { name: 'Users', exact: true }).waitFor()
    await owner.getByRole('button', { name: 'Add User' }).click()
    const form = owner.getByRole('dialog', { name: 'Add User' })
    await form.getByLabel('Username').fill('e2e-scorer')
    await form.getByRole('button', { name: 'Add User' }).click()
    const issued = owner.getByRole('dialog', { name: 'Temporary password' })
    const tempPassword = (await issued.locator('code.temp-password').textContent())?.trim() ?? ''
    expect(tempPassword).toMatch(/^[A-Za-z0-9]{12}$/)
    await issued.getByRole('button', { name: 'OK' }).click()
    await owner.getByRole('cell', { name: 'e2e-scorer', exact: true }).waitFor()

    // The new staff member signs in and must choose a password first.
    const staff = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage()
    await staff.goto(`${server.baseUrl}/ocbl/login`)
    await staff.getByLabel('Username').fill('e2e-scorer')
    await staff.getByLabel('Password').fill(tempPassword)
    await staff.getByRole('button', { name: 'LOGIN' }).click()
    await staff.getByRole('heading', { name: 'Choose a new password' }).waitFor()

    // The owner makes them an owner, then removes the account after confirming.
    await owner.getByLabel('Role of e2e-scorer').selectOption('org_owner')
    await owner.getByText('e2e-scorer is now Organization Owner').waitFor()
    await owner.getByRole('button', { name: 'Remove e2e-scorer' }).click()
    const confirm = owner.getByRole('dialog', { name: 'Remove user' })
    await confirm.getByRole('button', { name: 'Remove' }).click()
    await owner.getByText('e2e-scorer removed').waitFor()
    await expect(owner.getByRole('cell', { name: 'e2e-scorer', exact: true }).count()).resolves.toBe(0)
  })
})
