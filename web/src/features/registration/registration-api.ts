// Registration calls (docs/registration.md): the public forms, a member's sign-up and own
// registrations, and the staff's set-up, lists, refunds, waitlist, teams, free agents and report.
import { useQuery } from '@tanstack/react-query'
import { ApiError, api, withQuery } from '../../lib/api-client'
import { type Tenant, tenantKey, tenantQuery } from '../../lib/tenant'

const withTenant = (path: string, tenant: Tenant) => withQuery(path, tenantQuery(tenant))

/** The signed-in member (docs/members.md), read under the member area's own query key. */
export interface Member {
  email: string
  player: { firstName: string; lastName: string }
}
export const useMember = (tenant: Tenant) =>
  useQuery({
    queryKey: ['member', tenantKey(tenant), 'me'],
    queryFn: () => api.get<{ member: Member }>('/api/member/me', tenantQuery(tenant)).then((b) => b.member),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  })

export type QuestionType = 'text' | 'choice' | 'yesno' | 'date'
export interface Question {
  id: string
  label: string
  type: QuestionType
  required: boolean
  choices?: string[]
}

export interface PublicForm {
  id: number
  seasonName: string
  leagueName: string
  opensAt: string
  closesAt: string
  open: boolean
  teamFee: number | null
  playerFee: number | null
  currency: string
  teamCapacity: number | null
  placesLeft: number | null
  payAtGym: boolean
  freeAgents: boolean
  onlinePayment: boolean
  questions: Question[]
  asksBirthDate: boolean
  waiverText: string
  waiverVersion: number
}

export type RegistrationStatus = 'held' | 'paid' | 'gym' | 'free' | 'waitlisted' | 'released' | 'refunded'

export interface Registration {
  id: number
  version: number
  seasonsLeagueId: number
  kind: 'team' | 'free_agent'
  status: RegistrationStatus
  teamName: string | null
  colours: string | null
  playerName: string | null
  answers: Record<string, string>
  availability: string | null
  amount: number
  refundedAmount: number
  currency: string
  payAtGym: boolean
  teamId: number | null
  createdAt: string
  paidAt: string | null
  waitlistPosition: number | null
}

export interface MyRegistration extends Registration {
  leagueName: string
  seasonName: string
}

export interface SignUpBody {
  formId: number
  kind: 'team' | 'free_agent'
  teamName?: string
  colours?: string
  answers: Record<string, string>
  birthDate?: string
  availability?: string
  payAtGym: boolean
  waiver?: { name: string; agreed: boolean; version: number }
}

export const registrationKeys = {
  forms: (tenant: Tenant) => ['registration', tenantKey(tenant), 'forms'] as const,
  form: (tenant: Tenant, id: number) => ['registration', tenantKey(tenant), 'form', id] as const,
  mine: (tenant: Tenant) => ['member', tenantKey(tenant), 'registrations'] as const,
}

export const useForms = (tenant: Tenant) =>
  useQuery({
    queryKey: registrationKeys.forms(tenant),
    queryFn: () => api.get<{ forms: PublicForm[] }>('/api/registration/forms', tenantQuery(tenant)).then((b) => b.forms),
  })

export const useForm = (tenant: Tenant, id: number) =>
  useQuery({
    queryKey: registrationKeys.form(tenant, id),
    queryFn: () => api.get<{ form: PublicForm }>(`/api/registration/forms/${id}`, tenantQuery(tenant)).then((b) => b.form),
  })

export const useMyRegistrations = (tenant: Tenant, enabled: boolean, poll: boolean) =>
  useQuery({
    queryKey: registrationKeys.mine(tenant),
    queryFn: () =>
      api.get<{ registrations: MyRegistration[] }>('/api/member/registrations', tenantQuery(tenant)).then((b) => b.registrations),
    enabled,
    refetchInterval: poll ? 2000 : false,
  })

export const signUp = (tenant: Tenant, body: SignUpBody) =>
  api.post<{ registration: Registration; checkoutUrl: string | null }>(withTenant('/api/member/registrations', tenant), body)

export const payNow = (tenant: Tenant, id: number) =>
  api.post<{ checkoutUrl: string | null }>(withTenant(`/api/member/registrations/${id}/checkout`, tenant))

// ---- staff ----
export interface Settings {
  id: number
  version: number
  seasonsLeagueId: number
  opensAt: string
  closesAt: string
  teamFee: number | null
  playerFee: number | null
  teamCapacity: number | null
  payAtGym: boolean
  freeAgents: boolean
  questions: Question[]
  eligibility: unknown
  waiverText: string
  waiverVersion: number
}

export interface StaffRegistration extends Registration {
  email: string | null
}

export interface Reconciliation {
  currency: string
  product: { collected: number; refunded: number; net: number; payments: number }
  provider: { collected: number; refunded: number; net: number; payments: number } | null
  matches: boolean
  differences: { paymentIntent: string; registrationId: number | null; product: number; provider: number }[]
}

const base = (seasonId: number, leagueId: number) => `/api/registration/seasons/${seasonId}/leagues/${leagueId}`

export const staffApi = {
  settings: (s: number, l: number) =>
    api.get<{ settings: Settings | null; currency: string; onlinePayment: boolean }>(base(s, l)),
  save: (s: number, l: number, body: unknown) => api.put<{ settings: Settings }>(base(s, l), body),
  entries: (s: number, l: number, status: string) =>
    api.get<{ registrations: StaffRegistration[] }>(withQuery(`${base(s, l)}/entries`, { status })),
  csvUrl: (s: number, l: number, status: string) => withQuery(`${base(s, l)}/entries.csv`, { status }),
  /** `amount` in minor units; absent: all that is left (docs/registration.md "Staff"). */
  refund: (id: number, amount?: number) =>
    api.post<unknown>(`/api/registration/entries/${id}/refund`, amount === undefined ? {} : { amount }),
  letIn: (s: number, l: number) => api.post<unknown>(`${base(s, l)}/let-in`, {}),
  team: (id: number) => api.post<unknown>(`/api/registration/entries/${id}/team`, {}),
  freeAgents: (s: number, l: number) =>
    api.get<{ freeAgents: Registration[]; teams: { seasonsLeagueTeamId: number; name: string }[] }>(`${base(s, l)}/free-agents`),
  place: (id: number, seasonsLeagueTeamId: number) =>
    api.post<unknown>(`/api/registration/entries/${id}/place`, { seasonsLeagueTeamId }),
  report: (s: number, l: number) => api.get<Reconciliation>(`${base(s, l)}/report`),
}

/** The number of minor units in one unit of a currency (100 for USD, 1 for JPY). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

/** Integer minor units as a decimal string, exactly ("1234" USD → "12.34"): no floating point. */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency)
  const sign = minor < 0 ? '-' : ''
  const text = String(Math.abs(minor)).padStart(digits + 1, '0')
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/** A decimal the staff typed ("12.5", "12,50") as integer minor units, or null when it is not an amount. */
export function decimalToMinor(text: string, currency: string): number | null {
  const digits = minorDigits(currency)
  const match = /^\s*(\d{1,9})(?:[.,](\d*))?\s*$/.exec(text)
  if (!match) return null
  const fraction = match[2] ?? ''
  if (fraction.length > digits) return null
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0')
}

export function formatMoney(minor: number, currency: string, language: string): string {
  try {
    // A decimal string keeps the amount exact (Intl formats strings without going through a float).
    return new Intl.NumberFormat(language, { style: 'currency', currency }).format(
      minorToDecimal(minor, currency) as unknown as number,
    )
  } catch {
    return `${minorToDecimal(minor, currency)} ${currency}`
  }
}
