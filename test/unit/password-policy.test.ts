import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORDS } from '../../worker/domain/common-passwords'
import {
  PASSWORD_HAS_ORGANIZATION,
  PASSWORD_HAS_USERNAME,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_SIMPLE,
  passwordProblem,
} from '../../worker/domain/password-policy'

describe('password policy', () => {
  it.each([
    ['seven77', PASSWORD_TOO_SHORT],
    ['password', PASSWORD_TOO_COMMON],
    ['Password1!', PASSWORD_TOO_COMMON],
    ['PASSWORD2024', PASSWORD_TOO_COMMON],
    ['p@ssw0rd', PASSWORD_TOO_COMMON],
    ['qwerty123', PASSWORD_TOO_COMMON],
    ['letmein!!', PASSWORD_TOO_COMMON],
    ['iloveyou', PASSWORD_TOO_COMMON],
    ['basketball23', PASSWORD_TOO_COMMON],
    ['Lakers#2024', PASSWORD_TOO_COMMON],
    ['ballislife', PASSWORD_TOO_COMMON],
    ['slamdunk99', PASSWORD_TOO_COMMON],
    ['1q2w3e4r', PASSWORD_TOO_COMMON],
    ['12345678', PASSWORD_TOO_SIMPLE],
    ['9876543210', PASSWORD_TOO_SIMPLE],
    ['abcdefgh', PASSWORD_TOO_SIMPLE],
    ['qwertyuiop', PASSWORD_TOO_SIMPLE],
    ['00000000', PASSWORD_TOO_SIMPLE],
    ['xxxxxxxxxxxx', PASSWORD_TOO_SIMPLE],
    ['123123123', PASSWORD_TOO_SIMPLE],
  ])('%s → %s', (password, expected) => {
    expect(passwordProblem(password)).toBe(expected)
  })

  it('refuses the username and the organization, inside the password too, when they are 4+ characters', () => {
    expect(passwordProblem('coach-carter-88', { username: 'Coach.Carter' })).toBe(PASSWORD_HAS_USERNAME)
    expect(passwordProblem('mikey123', { username: 'mikey123' })).toBe(PASSWORD_HAS_USERNAME)
    expect(passwordProblem('Walnut-tree-42', { username: 'al' })).toBeNull()
    expect(passwordProblem('Go OCBL go 2025', { organizationSlug: 'ocbl' })).toBe(PASSWORD_HAS_ORGANIZATION)
    expect(passwordProblem('eastsidehoops!7', { organizationName: 'East Side Hoops' })).toBe(PASSWORD_HAS_ORGANIZATION)
  })

  it('accepts long, unremarkable passwords', () => {
    for (const password of ['correct-horse-1', 'Walnut-tree-42', 'brand-new-pass', 'tortoise on a bicycle', 'Zq8#mW2!vR']) {
      expect(passwordProblem(password, { username: 'staff', organizationName: 'OC Basketball League' }), password).toBeNull()
    }
  })

  it('ships a list of a few hundred entries, stored as the lookup expects (lower-case, no trailing digits)', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(300)
    for (const entry of COMMON_PASSWORDS) expect(entry).toBe(entry.toLowerCase())
  })
})
