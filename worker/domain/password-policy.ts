// Which passwords Courtside refuses (docs/reference/trust-and-security.md §3, ASVS V6): wherever a password is set — user
// create and update, your own change, the temporary-password change, the super admin script.
// Pure and import-free apart from the list, so Node scripts and the browser can use it too.
import { COMMON_PASSWORDS } from './common-passwords.ts'

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 200

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`
export const PASSWORD_TOO_COMMON = 'Password is too common'
export const PASSWORD_TOO_SIMPLE = 'Password is too simple: avoid repeated characters and sequences'
export const PASSWORD_HAS_USERNAME = 'Password cannot contain the username'
export const PASSWORD_HAS_ORGANIZATION = 'Password cannot contain the organization’s name'

/** What the password must not resemble: the account's username and its organization. */
export interface PasswordContext {
  username?: string | null
  organizationName?: string | null
  organizationSlug?: string | null
}

// Keyboard rows and the alphabet, both ways: a password that is a run along one of them is refused.
const SEQUENCES = [
  '01234567890',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwertyuiopasdfghjklzxcvbnm',
]
const RUNS = [...SEQUENCES, ...SEQUENCES.map((s) => [...s].reverse().join(''))]

// Common substitutions (p@ssw0rd, l3tm3in): undone before the list is consulted.
const LEET: Record<string, string> = { '@': 'a', '4': 'a', '3': 'e', '0': 'o', $: 's', '5': 's', '7': 't', '1': 'i', '!': 'i' }
const unLeet = (text: string, one = 'i') => [...text].map((ch) => (ch === '1' ? one : (LEET[ch] ?? ch))).join('')

/** Lower-case letters and digits only: `OC Basketball League` → `ocbasketballleague`. */
const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')
const stripTrailing = (text: string) => text.replace(/[^\p{L}]+$/u, '')

function isCommon(password: string): boolean {
  const lower = password.toLowerCase()
  const candidates = new Set([lower, stripTrailing(lower), compact(stripTrailing(lower))])
  for (const candidate of [...candidates]) {
    candidates.add(stripTrailing(unLeet(candidate)))
    candidates.add(stripTrailing(unLeet(candidate, 'l')))
  }
  for (const candidate of candidates) if (candidate && COMMON_PASSWORDS.has(candidate)) return true
  return false
}

function isSimple(password: string): boolean {
  const lower = password.toLowerCase()
  // One short block repeated: aaaaaaaa, abababab, 123123123, 12121212.
  if (/^(.{1,4})\1+$/su.test(lower)) return true
  // A run along the alphabet, the digits or a keyboard row (12345678, 87654321, qwertyui, abcdefgh).
  return RUNS.some((run) => run.includes(lower))
}

/**
 * Why a password is refused, or null when it is acceptable. Decision (the spec is silent on
 * "containing"): the username and organization name are only looked for inside the password when
 * they are at least 4 characters long, so a user called `al` may still use `Walnut-tree-42`.
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`
  if (isSimple(password)) return PASSWORD_TOO_SIMPLE
  if (isCommon(password)) return PASSWORD_TOO_COMMON
  const flat = compact(password)
  const username = compact(context.username ?? '')
  if (username && (flat === username || (username.length >= 4 && flat.includes(username)))) return PASSWORD_HAS_USERNAME
  for (const name of [context.organizationName, context.organizationSlug]) {
    const org = compact(name ?? '')
    if (org && (flat === org || (org.length >= 4 && flat.includes(org)))) return PASSWORD_HAS_ORGANIZATION
  }
  return null
}
