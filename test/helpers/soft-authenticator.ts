// A software WebAuthn authenticator for Worker tests (docs/members.md "Passkeys"): an ES256 key made
// with WebCrypto, and the attestation ("none") and assertion objects a browser would hand over, built
// byte by byte as the WebAuthn spec lays them out (authenticator data, COSE key, CBOR).

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
export const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (ch) => ch.charCodeAt(0))

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource))
const utf8 = (text: string) => new TextEncoder().encode(text)

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor }
function head(major: number, n: number): Uint8Array {
  if (n < 24) return Uint8Array.of((major << 5) | n)
  if (n < 256) return Uint8Array.of((major << 5) | 24, n)
  return Uint8Array.of((major << 5) | 25, n >> 8, n & 255)
}
/** Just the CBOR WebAuthn needs: small integers, byte and text strings, arrays, maps. */
function cbor(value: Cbor): Uint8Array {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') return concat(head(3, utf8(value).length), utf8(value))
  if (value instanceof Uint8Array) return concat(head(2, value.length), value)
  if (Array.isArray(value)) return concat(head(4, value.length), ...value.map(cbor))
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value)
  return concat(head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)]))
}

/** A raw P-256 signature (r‖s) as the DER sequence WebAuthn carries. */
function der(raw: Uint8Array): Uint8Array {
  const int = (x: Uint8Array) => {
    let i = 0
    while (i < x.length - 1 && x[i] === 0) i++
    let v = x.slice(i)
    if ((v[0] as number) & 0x80) v = concat(Uint8Array.of(0), v)
    return concat(Uint8Array.of(0x02, v.length), v)
  }
  const body = concat(int(raw.slice(0, 32)), int(raw.slice(32)))
  return concat(Uint8Array.of(0x30, body.length), body)
}

export class SoftAuthenticator {
  private counter = 0
  private constructor(
    readonly credentialId: Uint8Array,
    private readonly keys: CryptoKeyPair,
  ) {}

  static async create() {
    const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair
    return new SoftAuthenticator(crypto.getRandomValues(new Uint8Array(32)), keys)
  }

  get id() {
    return b64url(this.credentialId)
  }

  /** The browser's answer to registration options: attestation "none", user present and verified. */
  async register(options: { challenge: string; rp: { id?: string } }, origin: string) {
    const rpId = options.rp.id ?? new URL(origin).hostname
    const jwk = await crypto.subtle.exportKey('jwk', this.keys.publicKey)
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, fromB64url(jwk.x as string)],
        [-3, fromB64url(jwk.y as string)],
      ]),
    )
    const length = Uint8Array.of(this.credentialId.length >> 8, this.credentialId.length & 255)
    const authData = concat(
      await sha256(utf8(rpId)),
      Uint8Array.of(0x45),
      new Uint8Array(4),
      new Uint8Array(16),
      length,
      this.credentialId,
      cose,
    )
    const clientData = utf8(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }))
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    }
  }

  /** The browser's answer to sign-in options, signed with this key. */
  async assert(options: { challenge: string; rpId?: string }, origin: string, memberId = 'member') {
    const rpId = options.rpId ?? new URL(origin).hostname
    this.counter++
    const count = Uint8Array.of(0, 0, this.counter >> 8, this.counter & 255)
    const authData = concat(await sha256(utf8(rpId)), Uint8Array.of(0x05), count)
    const clientData = utf8(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }))
    const signed = concat(authData, await sha256(clientData))
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed))
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(der(raw)),
        userHandle: b64url(utf8(memberId)),
      },
      clientExtensionResults: {},
    }
  }
}
