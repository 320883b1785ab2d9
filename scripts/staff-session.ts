// Signs in as an organization's demo staff user over the API, for the benchmark scripts: the
// XSRF cookie the sign-in needed, and the cookies the sign-in answered (name=value pairs).
export async function staffSignIn(baseUrl: string, slug: string): Promise<{ xsrf: string; cookies: string[] }> {
  const check = await fetch(`${baseUrl}/api/auth/check-auth?slug=${slug}`)
  const xsrf = check.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('XSRF-TOKEN='))
  if (!xsrf) throw new Error('check-auth handed out no XSRF-TOKEN cookie')
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: xsrf, 'X-XSRF-TOKEN': xsrf.slice('XSRF-TOKEN='.length) },
    body: JSON.stringify({ username: 'staff', password: 'staff-local', slug }),
  })
  if (!login.ok) throw new Error(`staff sign-in failed: ${login.status} ${await login.text()}`)
  return { xsrf, cookies: login.headers.getSetCookie().map((line) => line.split(';')[0] ?? '') }
}
