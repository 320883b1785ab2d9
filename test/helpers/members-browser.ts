// Member set-up shared by the browser journeys (docs/members.md): signing a page in as a member
// through the e-mailed one-time link, as the site does, without the sign-in screen.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { apiFromPage } from './browser'
import { linkIn, readMail } from './mail'
import type { TestServer } from './server'

/**
 * Signs the page in as the member with this e-mail: asks for a link, reads the .eml files the server
 * wrote and uses the first link not used yet (a member may have signed in before in the journey).
 * `base` is where the page opens the site (the server's address unless a journey needs a host name).
 */
export async function signInAsMember(page: Page, server: TestServer, email: string, slug = 'ocbl', base = server.baseUrl) {
  await page.goto(`${base}/${slug}`)
  await apiFromPage(page, 'GET', '/api/auth/check-auth')
  const asked = await apiFromPage(page, 'POST', `/api/member/sign-in-link?slug=${slug}`, { email })
  expect(asked.status).toBe(202)
  const tried = new Set<string>()
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const mails = (await readMail(server.mailDir)).filter((m) => m.to.includes(email) && /\/member\/sign-in#/.test(m.text))
    for (const mail of mails) {
      const token = linkIn(mail, '/member/sign-in#').split('#')[1] as string
      if (tried.has(token)) continue
      tried.add(token)
      if ((await apiFromPage(page, 'POST', `/api/member/sign-in?slug=${slug}`, { token })).status === 200) return
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`No unused sign-in link for ${email} within 60 s`)
}
