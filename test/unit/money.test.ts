// Money in minor units (docs/registration.md "Money"): the staff screens type and show amounts in
// the currency's major units with its own number of decimals — none for JPY, three for BHD — and
// the Worker writes the CSV the same way. Exact both ways: no floating point.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  decimalToMinor,
  formatMoney,
  minorDigits,
  minorToDecimal as screenDecimal,
} from '../../web/src/features/registration/registration-api'
import { currencies, isCurrency, minorToDecimal } from '../../worker/domain/money'

describe('minor units per currency', () => {
  it('knows each currency’s decimals: USD 2, JPY 0, BHD 3', () => {
    expect([minorDigits('USD'), minorDigits('JPY'), minorDigits('BHD')]).toEqual([2, 0, 3])
  })

  it('writes and reads JPY and BHD amounts exactly', () => {
    expect(screenDecimal(4500, 'JPY')).toBe('4500')
    expect(screenDecimal(12345, 'BHD')).toBe('12.345')
    expect(screenDecimal(5, 'BHD')).toBe('0.005')
    expect(minorToDecimal(12345, 'BHD')).toBe('12.345')
    expect(decimalToMinor('4500', 'JPY')).toBe(4500)
    expect(decimalToMinor('45.5', 'JPY')).toBeNull()
    expect(decimalToMinor('12.345', 'BHD')).toBe(12345)
    expect(decimalToMinor('12,3', 'BHD')).toBe(12300)
    expect(decimalToMinor('1.2345', 'BHD')).toBeNull()
    expect(formatMoney(4500, 'JPY', 'en')).toBe('¥4,500')
    expect(formatMoney(12345, 'BHD', 'en')).toMatch(/^BHD\s12\.345$/)
  })

  it('round-trips every amount in USD, JPY and BHD (screen and Worker agree)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom('USD', 'JPY', 'BHD', 'EUR'), (amount, currency) => {
        const text = screenDecimal(amount, currency)
        expect(text).toBe(minorToDecimal(amount, currency))
        expect(decimalToMinor(text, currency)).toBe(amount)
      }),
    )
  })

  it('an organization’s currency is an ISO 4217 code the runtime knows', () => {
    expect(currencies()).toEqual(expect.arrayContaining(['USD', 'EUR', 'JPY', 'BHD']))
    expect(isCurrency('JPY')).toBe(true)
    expect(isCurrency('XYZ')).toBe(false)
    expect(isCurrency('usd')).toBe(false)
  })
})
