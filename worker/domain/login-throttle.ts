// How many failed sign-ins are tolerated before the next attempt is refused with 429, and how much
// a guessed account slows its failures (docs/decisions/2026-11-24-sign-in-throttle.md, ASVS V6.3).
// Pure: the counts come from login_failures, the answers are seconds to wait (or null) and a delay.

import { at } from './at'

export const FAILURE_WINDOW_MS = 15 * 60 * 1000
/** One address guessing one account. */
export const ACCOUNT_ADDRESS_LIMIT = 10
/**
 * One account guessed from anywhere, where each address counts for at most ADDRESS_SHARE: past
 * this weight the account is under attack and its failures are slowed, never refused for others.
 */
export const ACCOUNT_LIMIT = 10
export const ADDRESS_SHARE = 5
/** One address guessing across every username (password spraying). */
export const ADDRESS_LIMIT = 50

export interface Failure {
  address: string
  at: number
}

/**
 * How hard an account is being guessed: each address weighs at most ADDRESS_SHARE, so the weight
 * reaches ACCOUNT_LIMIT only when several addresses fail on it.
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
    if (measure(failures.slice(dropped)) < limit)
      return dropped === 0 ? 0 : at(failures, dropped - 1).at + FAILURE_WINDOW_MS - now
  }
  return 0
}

/**
 * Seconds the attempt must wait, or null when it may go ahead. `account` holds the account's
 * failures from every address and `fromAddress` the address's failures on every username, both
 * within the window and oldest first. Known and unknown usernames are counted alike.
 *
 * Decision: only the requesting address's own failures can refuse it (10 on this account, 50
 * across usernames). Failures from other addresses never do — so no stranger, from any number of
 * addresses, can keep the owner's right password out; a guessed account is slowed instead
 * (failureDelayMs).
 */
export function retryAfterSeconds(account: readonly Failure[], fromAddress: readonly Failure[], address: string, now: number) {
  const own = account.filter((f) => f.address === address)
  const wait = Math.max(
    waitUntilUnder(own, ACCOUNT_ADDRESS_LIMIT, (f) => f.length, now),
    waitUntilUnder(fromAddress, ADDRESS_LIMIT, (f) => f.length, now),
  )
  return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : null
}

/** The first slowdown of a guessed account's failures, doubling with each further weight, up to the cap. */
export const ATTACK_DELAY_MS = 250
export const MAX_ATTACK_DELAY_MS = 2000

/**
 * Milliseconds to hold back the answer to a failed attempt on an account guessed from several
 * addresses (weight ≥ ACCOUNT_LIMIT): a distributed guesser is slowed on every guess, while a right
 * password is answered at once and a wrong one from the owner costs at most two seconds.
 */
export function failureDelayMs(account: readonly Failure[]): number {
  const over = accountWeight(account) - ACCOUNT_LIMIT
  if (over < 0) return 0
  return Math.min(MAX_ATTACK_DELAY_MS, ATTACK_DELAY_MS * 2 ** Math.min(over, 8))
}
