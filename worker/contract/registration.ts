// Registration's answers and inputs (docs/registration.md): zod only. Amounts are integers of the
// organization's currency's minor units (cents).
import { z } from 'zod'
import { eligibilityRule } from '../domain/eligibility'
import { isCalendarDate } from './fields'

export const money = z
  .number({ error: 'Enter the amount in cents (a whole number)' })
  .int('Enter the amount in cents (a whole number)')
  .min(0, 'An amount cannot be negative')
  .max(100_000_000, 'That amount is too large')
const isoDate = z.string({ error: 'Enter the date as YYYY-MM-DD' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')

export const registrationQuestion = z
  .object({
    id: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .regex(/^[A-Za-z0-9_-]+$/, 'A question id is letters, digits, - and _'),
    label: z.string().trim().min(1, 'Each question needs its text').max(200, 'A question must be at most 200 characters'),
    type: z.enum(['text', 'choice', 'yesno', 'date']),
    required: z.boolean(),
    choices: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  })
  .refine((q) => q.type !== 'choice' || (q.choices?.length ?? 0) >= 2, 'A choice question needs at least two choices')

export const registrationSettingsInput = z
  .object({
    opensAt: isoDate,
    closesAt: isoDate,
    teamFee: money.nullable(),
    playerFee: money.nullable(),
    teamCapacity: z.number().int().min(1, 'Capacity is at least one team').max(1000).nullable(),
    payAtGym: z.boolean(),
    freeAgents: z.boolean(),
    questions: z
      .array(registrationQuestion)
      .max(30)
      .refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, 'Two questions share an id'),
    eligibility: eligibilityRule.nullable(),
    waiverText: z.string().trim().max(20_000, 'The waiver must be at most 20000 characters'),
    version: z.number().int().positive().optional(),
  })
  .refine((s) => s.closesAt >= s.opensAt, { message: 'Registration must close on or after the day it opens', path: ['closesAt'] })
export type RegistrationSettingsInput = z.infer<typeof registrationSettingsInput>

export const registrationSettingsJson = z.object({
  id: z.number(),
  version: z.number(),
  seasonsLeagueId: z.number(),
  opensAt: z.string(),
  closesAt: z.string(),
  teamFee: z.number().nullable(),
  playerFee: z.number().nullable(),
  teamCapacity: z.number().nullable(),
  payAtGym: z.boolean(),
  freeAgents: z.boolean(),
  questions: z.array(registrationQuestion),
  eligibility: eligibilityRule.nullable(),
  waiverText: z.string(),
  waiverVersion: z.number(),
})

export const registrationJson = z.object({
  id: z.number(),
  version: z.number(),
  seasonsLeagueId: z.number(),
  kind: z.enum(['team', 'free_agent']),
  status: z.string(),
  teamName: z.string().nullable(),
  colours: z.string().nullable(),
  playerName: z.string().nullable(),
  answers: z.record(z.string(), z.string()),
  availability: z.string().nullable(),
  amount: z.number(),
  refundedAmount: z.number(),
  currency: z.string(),
  payAtGym: z.boolean(),
  teamId: z.number().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  waitlistPosition: z.number().nullable(),
})

export const staffRegistrationJson = registrationJson.extend({ email: z.string().nullable() })

export const signUpInput = z.object({
  formId: z.number().int().positive(),
  kind: z.enum(['team', 'free_agent']),
  teamName: z.string().trim().max(60, 'A team name must be at most 60 characters').optional(),
  colours: z.string().trim().max(60, 'Colours must be at most 60 characters').optional(),
  answers: z.record(z.string(), z.string().max(2000)).default({}),
  birthDate: isoDate.optional(),
  availability: z.string().trim().max(500).optional(),
  payAtGym: z.boolean().default(false),
  waiver: z.object({ name: z.string().trim().max(120), agreed: z.boolean(), version: z.number().int().min(0) }).optional(),
})

export const publicFormJson = z.object({
  id: z.number(),
  seasonName: z.string(),
  leagueName: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  open: z.boolean(),
  teamFee: z.number().nullable(),
  playerFee: z.number().nullable(),
  currency: z.string(),
  teamCapacity: z.number().nullable(),
  placesLeft: z.number().nullable(),
  payAtGym: z.boolean(),
  freeAgents: z.boolean(),
  onlinePayment: z.boolean(),
  questions: z.array(registrationQuestion),
  asksBirthDate: z.boolean(),
  waiverText: z.string(),
  waiverVersion: z.number(),
})

export const reconciliationJson = z.object({
  currency: z.string(),
  product: z.object({ collected: z.number(), refunded: z.number(), net: z.number(), payments: z.number() }),
  provider: z.object({ collected: z.number(), refunded: z.number(), net: z.number(), payments: z.number() }).nullable(),
  matches: z.boolean(),
  differences: z.array(
    z.object({ paymentIntent: z.string(), registrationId: z.number().nullable(), product: z.number(), provider: z.number() }),
  ),
})

// ---- Suspensions (docs/registration.md "Suspensions"): staff suspend a player and lift it ----

/** One suspension of a player: in force while not lifted and `until` (a day in the organization's zone, inclusive) is today or later, or open-ended. */
export const suspensionJson = z.object({
  id: z.number(),
  playerId: z.number(),
  /** The last day it runs (YYYY-MM-DD, organization's zone), or null: until lifted. */
  until: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  /** When staff lifted it (null: not lifted): a lifted suspension stays as history. */
  liftedAt: z.string().nullable(),
  /** In force today. */
  active: z.boolean(),
})
export type Suspension = z.output<typeof suspensionJson>

export const playerSuspensionsJson = z.object({
  /** The suspension in force today, if any (the longest one when several are). */
  current: suspensionJson.nullable(),
  /** Every suspension of the player, newest first. */
  suspensions: z.array(suspensionJson),
})
export type PlayerSuspensions = z.output<typeof playerSuspensionsJson>

/** The organization's players suspended today, with their names. */
export const suspendedPlayersJson = z.object({
  suspensions: z.array(suspensionJson.extend({ firstName: z.string(), lastName: z.string() })),
})
export type SuspendedPlayers = z.output<typeof suspendedPlayersJson>

export const suspensionInput = z.object({
  /** The last day (YYYY-MM-DD) in the organization's zone, today or later; null or absent: until lifted. */
  until: z
    .string({ error: 'Enter the date as YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
    .refine(isCalendarDate, 'Not a real date')
    .nullish()
    .transform((v) => v ?? null),
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(500, 'A reason must be at most 500 characters'),
})
