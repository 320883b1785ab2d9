import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  ageOn,
  type EligibilityRule,
  eligibilityRule,
  evaluateEligibility,
  type PlayerFacts,
} from '../../worker/domain/eligibility'

const adult: PlayerFacts = { birthDate: '1990-05-01', playedLastSeason: false, suspended: false }

describe('eligibility rules (docs/registration.md "Eligibility")', () => {
  it('counts age on a date by birthdays, not by years', () => {
    expect(ageOn('2008-06-15', '2026-06-14')).toBe(17)
    expect(ageOn('2008-06-15', '2026-06-15')).toBe(18)
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17)
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18)
  })

  it('refuses with the failing condition’s own message', () => {
    const rule: EligibilityRule = {
      all: [
        { condition: 'age', min: 18, on: '2026-09-01', message: 'Players must be 18 by 1 September' },
        { condition: 'notSuspended', message: 'Suspended players cannot register' },
      ],
    }
    expect(evaluateEligibility(rule, adult)).toEqual({ eligible: true })
    expect(evaluateEligibility(rule, { ...adult, birthDate: '2010-01-01' })).toEqual({
      eligible: false,
      message: 'Players must be 18 by 1 September',
    })
    expect(evaluateEligibility(rule, { ...adult, suspended: true })).toEqual({
      eligible: false,
      message: 'Suspended players cannot register',
    })
  })

  it('any passes with one condition; none passing refuses with its own message', () => {
    const rule: EligibilityRule = {
      any: [
        { condition: 'playedLastSeason', message: 'x' },
        { condition: 'age', max: 35, on: '2026-09-01', message: 'y' },
      ],
      message: 'Open to last season’s players and players up to 35',
    }
    expect(evaluateEligibility(rule, { ...adult, birthDate: '1980-01-01', playedLastSeason: true }).eligible).toBe(true)
    expect(evaluateEligibility(rule, { ...adult, birthDate: '2000-01-01' }).eligible).toBe(true)
    expect(evaluateEligibility(rule, { ...adult, birthDate: '1980-01-01' })).toEqual({
      eligible: false,
      message: 'Open to last season’s players and players up to 35',
    })
  })

  it('not turns a condition round, with its own message', () => {
    const rule: EligibilityRule = { not: { condition: 'playedLastSeason', message: 'x' }, message: 'Newcomers only' }
    expect(evaluateEligibility(rule, adult).eligible).toBe(true)
    expect(evaluateEligibility(rule, { ...adult, playedLastSeason: true })).toEqual({
      eligible: false,
      message: 'Newcomers only',
    })
  })

  it('an age rule without a birth date refuses (the form asks for it)', () => {
    const rule: EligibilityRule = { condition: 'age', min: 18, on: '2026-09-01', message: 'Adults only' }
    expect(evaluateEligibility(rule, { ...adult, birthDate: null })).toEqual({ eligible: false, message: 'Adults only' })
  })

  it('no rule lets everyone in', () => {
    expect(evaluateEligibility(null, { ...adult, suspended: true })).toEqual({ eligible: true })
  })

  it('the schema refuses trees too deep, empty groups and messages missing', () => {
    expect(eligibilityRule.safeParse({ all: [] }).success).toBe(false)
    expect(eligibilityRule.safeParse({ condition: 'notSuspended' }).success).toBe(false)
    let deep: unknown = { condition: 'notSuspended', message: 'm' }
    for (let i = 0; i < 8; i++) deep = { not: deep, message: 'm' }
    expect(eligibilityRule.safeParse(deep).success).toBe(false)
    expect(eligibilityRule.safeParse({ all: [{ condition: 'age', min: 18, on: '2026-09-01', message: 'm' }] }).success).toBe(true)
  })

  it('not(not(r)) decides as r, all of one as that one, for any facts', () => {
    const facts = fc.record({
      birthDate: fc.option(
        fc
          .date({ min: new Date('1950-01-01'), max: new Date('2020-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      ),
      playedLastSeason: fc.boolean(),
      suspended: fc.boolean(),
    })
    const leaf = fc.oneof(
      fc.constant<EligibilityRule>({ condition: 'playedLastSeason', message: 'a' }),
      fc.constant<EligibilityRule>({ condition: 'notSuspended', message: 'b' }),
      fc.integer({ min: 5, max: 60 }).map<EligibilityRule>((min) => ({ condition: 'age', min, on: '2026-09-01', message: 'c' })),
    )
    fc.assert(
      fc.property(leaf, facts, (r, f) => {
        const plain = evaluateEligibility(r, f).eligible
        expect(evaluateEligibility({ not: { not: r, message: 'n' }, message: 'n' }, f).eligible).toBe(plain)
        expect(evaluateEligibility({ all: [r] }, f).eligible).toBe(plain)
        expect(evaluateEligibility({ any: [r], message: 'z' }, f).eligible).toBe(plain)
      }),
    )
  })
})
