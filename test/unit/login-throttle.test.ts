import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ACCOUNT_ADDRESS_LIMIT,
  ADDRESS_LIMIT,
  ATTACK_DELAY_MS,
  FAILURE_WINDOW_MS,
  type Failure,
  failureDelayMs,
  MAX_ATTACK_DELAY_MS,
  retryAfterSeconds,
} from '../../worker/domain/login-throttle'

const now = 1_800_000_000_000
const failures = (address: string, count: number, start = now - 60_000): Failure[] =>
  Array.from({ length: count }, (_, i) => ({ address, at: start + i * 1000 }))

describe('login throttle', () => {
  it('lets nine failures from one address pass and stops the tenth for that address only', () => {
    expect(retryAfterSeconds(failures('a', 9), failures('a', 9), 'a', now)).toBeNull()
    const mine = failures('a', ACCOUNT_ADDRESS_LIMIT)
    const wait = retryAfterSeconds(mine, mine, 'a', now)
    expect(wait).toBe(Math.ceil((mine[0].at + FAILURE_WINDOW_MS - now) / 1000))
    expect(retryAfterSeconds(mine, [], 'b', now)).toBeNull()
  })

  it('slows, never refuses, an account guessed from several addresses', () => {
    const account = [...failures('a', 5), ...failures('b', 5, now - 30_000)].sort((x, y) => x.at - y.at)
    expect(retryAfterSeconds(account, [], 'c', now)).toBeNull()
    expect(failureDelayMs(account)).toBe(ATTACK_DELAY_MS)
    expect(failureDelayMs(account.slice(1))).toBe(0)
    const heavy = Array.from({ length: 40 }, (_, i) => failures(`x${i}`, 5)).flat()
    expect(failureDelayMs(heavy)).toBe(MAX_ATTACK_DELAY_MS)
  })

  it('never refuses an address for failures made from other addresses (any number of them)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            address: fc.constantFrom('s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'),
            ago: fc.integer({ min: 0, max: FAILURE_WINDOW_MS - 1 }),
          }),
          { maxLength: 400 },
        ),
        fc.array(fc.integer({ min: 0, max: FAILURE_WINDOW_MS - 1 }), { maxLength: 9 }),
        (strangers, ownAgo) => {
          const own = ownAgo.map((ago) => ({ address: 'owner', at: now - ago }))
          const account = [...strangers.map((r) => ({ address: r.address, at: now - r.ago })), ...own].sort((x, y) => x.at - y.at)
          // Whatever strangers did, the owner's answer is what the owner's own failures alone give.
          return (
            retryAfterSeconds(account, own, 'owner', now) === retryAfterSeconds(own, own, 'owner', now) &&
            retryAfterSeconds(account, own, 'owner', now) === null
          )
        },
      ),
    )
  })

  it('stops an address after 50 failures across usernames', () => {
    expect(retryAfterSeconds([], failures('a', ADDRESS_LIMIT - 1), 'a', now)).toBeNull()
    expect(retryAfterSeconds([], failures('a', ADDRESS_LIMIT), 'a', now)).toBeGreaterThan(0)
  })

  it('never lets a single address, however many failures, lock the account for another address', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: FAILURE_WINDOW_MS - 1 }), (count, spread) => {
        const account = Array.from({ length: count }, (_, i) => ({ address: 'attacker', at: now - spread + (i % spread) }))
        return retryAfterSeconds(account, [], 'owner', now) === null
      }),
    )
  })

  it('asks to wait at most the window, and at least a second when it asks at all', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ address: fc.constantFrom('a', 'b', 'c'), ago: fc.integer({ min: 0, max: FAILURE_WINDOW_MS - 1 }) }),
          {
            maxLength: 80,
          },
        ),
        (rows) => {
          const account = rows.map((r) => ({ address: r.address, at: now - r.ago })).sort((x, y) => x.at - y.at)
          const wait = retryAfterSeconds(account, account, 'a', now)
          return wait === null || (wait >= 1 && wait <= FAILURE_WINDOW_MS / 1000)
        },
      ),
    )
  })
})
