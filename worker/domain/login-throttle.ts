// How many failed sign-ins are tolerated before the next attempt is refused with 429 (issue 8 §3,
// ASVS V6.3). Pure: the counts come from login_failures, the answer is seconds to wait (or null).
export const FAILURE_WINDOW_MS = 15 * 60 * 1000
/** One address guessing one account. */
export const ACCOUNT_ADDRESS_LIMIT = 10
/** One account guessed from anywhere, where each address counts for at most ADDRESS_SHARE. */
export const ACCOUNT_LIMIT = 10
export const ADDRESS_SHARE = 5
/** One address guessing across every username (password spraying). */
export const ADDRESS_LIMIT = 50

export interface Failure {
  address: string
  at: number
}

/**
 * Decision: an account is locked for everyone only by failures from several addresses. Each address
 * weighs at most ADDRESS_SHARE towards ACCOUNT_LIMIT, so a single address, however often it fails,
 * can lock nobody but itself (its own ACCOUNT_ADDRESS_LIMIT) and can never keep the owner out; a
 * distributed guesser is still stopped after 10–19 guesses per window.
 */
export function accountWeight(failures: readonly Failure[]): number {
  const perAddress = new Map<string, number>()
  for (const f of failures) perAddress.set(f.address, (perAddress.get(f.address) ?? 0) + 1)
  let weight = 0
  for (const count of perAddress.values()) weight += Math.min(count, ADDRESS_SHARE)
  return weight
}

/** Milliseconds until the oldest-first list drops under `limit` by `measure`, or 0 if it already is. */
function waitUntilUnder(failures: readonly Failure[], limit: number, measure: (f: readonly Failure[]) => number, now: number) {
  for (let dropped = 0; dropped <= failures.length; dropped++) {
    if (measure(failures.slice(dropped)) < limit) return dropped === 0 ? 0 : failures[dropped - 1].at + FAILURE_WINDOW_MS - now
  }
  return 0
}

/**
 * Seconds the attempt must wait, or null when it may go ahead. `account` holds the account's
 * failures from every address and `fromAddress` the address's failures on every username, both
 * within the window and oldest first. Known and unknown usernames are counted alike.
 */
export function retryAfterSeconds(account: readonly Failure[], fromAddress: readonly Failure[], address: string, now: number) {
  const own = account.filter((f) => f.address === address)
  const wait = Math.max(
    waitUntilUnder(own, ACCOUNT_ADDRESS_LIMIT, (f) => f.length, now),
    waitUntilUnder(account, ACCOUNT_LIMIT, accountWeight, now),
    waitUntilUnder(fromAddress, ADDRESS_LIMIT, (f) => f.length, now),
  )
  return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : null
}
