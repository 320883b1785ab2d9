/**
 * A signed-in (or anonymous) caller of a running local server over real HTTP, for journeys that
 * drive the API without a browser: it keeps the cookies the server sets and sends the XSRF header
 * on every write (docs/security.md).
 */
export class HttpSession {
  cookies = new Map<string, string>()
  constructor(private readonly baseUrl: string) {}

  async call(method: string, p: string, json?: unknown, headers: Record<string, string> = {}) {
    const all: Record<string, string> = { ...headers, Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    if (method !== 'GET') all['X-XSRF-TOKEN'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '')
    if (json !== undefined) all['Content-Type'] = 'application/json'
    const res = await fetch(this.baseUrl + p, {
      method,
      headers: all,
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = (pair ?? '').indexOf('=')
      this.cookies.set((pair ?? '').slice(0, at), (pair ?? '').slice(at + 1))
    }
    const text = await res.text()
    const body: any = text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text
    return { status: res.status, headers: res.headers, body }
  }

  /** Signs in as the login form does: check-auth first (the XSRF cookie), then the login call. */
  async signIn(username: string, password: string, slug?: string) {
    await this.call('GET', '/api/auth/check-auth')
    return this.call('POST', '/api/auth/login', { username, password, ...(slug ? { slug } : {}) })
  }
}
