import { type Browser, chromium, type Page } from 'playwright-core'

/** The system Chromium, headless, with the background networking this offline machine refuses turned off. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  })
}

/** A 1×1 PNG: real magic bytes, so the Worker accepts it as an image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** Signs in on the organization's own sign-in page as one of its demo users, and waits for the dashboard. */
export async function signInOnPage(page: Page, baseUrl: string, slug: string, user: 'staff' | 'owner') {
  await page.goto(`${baseUrl}/${slug}/login`)
  await page.getByLabel('Username').fill(user)
  await page.getByLabel('Password').fill(`${user}-local`)
  await page.getByRole('button', { name: 'LOGIN' }).click()
  await page.waitForURL('**/dashboard**')
}

/** A call from the signed-in page: same origin, session cookie, XSRF header on writes. */
export function apiFromPage<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = document.cookie
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length)
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(method === 'GET' || !token ? {} : { 'X-XSRF-TOKEN': decodeURIComponent(token) }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await response.text()
      return { status: response.status, body: text ? JSON.parse(text) : null }
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>
}
