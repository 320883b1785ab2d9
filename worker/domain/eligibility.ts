// Who may register for a league (docs/registration.md "Eligibility"): a small tree of conditions
// combined with all / any / not, each refusal carrying the message staff wrote for it. Pure: the
// route gathers a player's facts (birth date, last season's rosters, suspension) and asks here.
import { z } from 'zod'

export interface PlayerFacts {
  /** YYYY-MM-DD, or null when unknown (an age condition then refuses). */
  birthDate: string | null
  /** Rostered in the same league in the season before the registration's. */
  playedLastSeason: boolean
  suspended: boolean
}

export type EligibilityCondition =
  | { condition: 'age'; min?: number; max?: number; on: string; message: string }
  | { condition: 'playedLastSeason'; message: string }
  | { condition: 'notSuspended'; message: string }

export type EligibilityRule =
  | EligibilityCondition
  | { all: EligibilityRule[]; message?: string }
  | { any: EligibilityRule[]; message: string }
  | { not: EligibilityRule; message: string }

export type EligibilityAnswer = { eligible: true } | { eligible: false; message: string }

/** Deepest nesting a rule may have: enough for any league's rules, small enough to show on one form. */
export const MAX_RULE_DEPTH = 6
const MAX_CHILDREN = 10

const message = z
  .string({ error: 'Each rule needs the message shown when it refuses someone' })
  .trim()
  .min(1, 'Each rule needs the message shown when it refuses someone')
  .max(300, 'A rule’s message must be at most 300 characters')
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD')
const age = z.number().int().min(0).max(120)

const condition = z.discriminatedUnion('condition', [
  z
    .object({ condition: z.literal('age'), min: age.optional(), max: age.optional(), on: isoDate, message })
    .refine((c) => c.min !== undefined || c.max !== undefined, 'An age condition needs a lowest or a highest age')
    .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, 'The lowest age is above the highest'),
  z.object({ condition: z.literal('playedLastSeason'), message }),
  z.object({ condition: z.literal('notSuspended'), message }),
])

const depth = (rule: unknown): number => {
  if (!rule || typeof rule !== 'object') return 0
  const r = rule as Record<string, unknown>
  if (Array.isArray(r.all)) return 1 + Math.max(0, ...r.all.map(depth))
  if (Array.isArray(r.any)) return 1 + Math.max(0, ...r.any.map(depth))
  if ('not' in r) return 1 + depth(r.not)
  return 1
}

const node: z.ZodType<EligibilityRule> = z.lazy(() =>
  z.union([
    condition,
    z.object({
      all: z.array(node).min(1, 'A group needs at least one condition').max(MAX_CHILDREN),
      message: message.optional(),
    }),
    z.object({ any: z.array(node).min(1, 'A group needs at least one condition').max(MAX_CHILDREN), message }),
    z.object({ not: node, message }),
  ]),
) as z.ZodType<EligibilityRule>

/** A rule as staff send it: validated, at most MAX_RULE_DEPTH deep. */
export const eligibilityRule = node.refine((r) => depth(r) <= MAX_RULE_DEPTH, `Rules nest at most ${MAX_RULE_DEPTH} deep`)

/** Whole years from `birthDate` to `on` (both YYYY-MM-DD): a birthday counts on its day; 29 February on 1 March. */
export function ageOn(birthDate: string, on: string): number {
  const [by = 0, bm = 0, bd = 0] = birthDate.split('-').map(Number)
  const [y = 0, m = 0, d = 0] = on.split('-').map(Number)
  const before = m < bm || (m === bm && d < bd)
  return y - by - (before ? 1 : 0)
}

function passes(rule: EligibilityRule, facts: PlayerFacts): EligibilityAnswer {
  if ('condition' in rule) {
    let ok: boolean
    if (rule.condition === 'age') {
      if (!facts.birthDate) ok = false
      else {
        const years = ageOn(facts.birthDate, rule.on)
        ok = (rule.min === undefined || years >= rule.min) && (rule.max === undefined || years <= rule.max)
      }
    } else if (rule.condition === 'playedLastSeason') ok = facts.playedLastSeason
    else ok = !facts.suspended
    return ok ? { eligible: true } : { eligible: false, message: rule.message }
  }
  if ('all' in rule) {
    for (const child of rule.all) {
      const answer = passes(child, facts)
      if (!answer.eligible) return rule.message ? { eligible: false, message: rule.message } : answer
    }
    return { eligible: true }
  }
  if ('any' in rule) {
    return rule.any.some((child) => passes(child, facts).eligible)
      ? { eligible: true }
      : { eligible: false, message: rule.message }
  }
  return passes(rule.not, facts).eligible ? { eligible: false, message: rule.message } : { eligible: true }
}

/** Whether a player may register; no rule: everyone may. */
export function evaluateEligibility(rule: EligibilityRule | null | undefined, facts: PlayerFacts): EligibilityAnswer {
  return rule ? passes(rule, facts) : { eligible: true }
}

/** Whether a rule asks for the player's birth date (the form then asks for it). */
export function needsBirthDate(rule: EligibilityRule | null | undefined): boolean {
  if (!rule) return false
  if ('condition' in rule) return rule.condition === 'age'
  if ('all' in rule) return rule.all.some(needsBirthDate)
  if ('any' in rule) return rule.any.some(needsBirthDate)
  return needsBirthDate(rule.not)
}
