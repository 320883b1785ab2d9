import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Link, useParams } from 'react-router'
import { Breadcrumbs, PageHeading } from '../../components/admin-table'
import { CheckboxField, Field, TextField } from '../../components/field'
import { Flash, useFlash } from '../../components/flash'
import { Modal } from '../../components/modal'
import { ErrorState, Loading } from '../../components/status'
import { TableScroll } from '../../components/table-scroll'
import { ApiError, errorMessage } from '../../lib/api-client'
import { currentLanguage, useT } from '../../lib/i18n'
import { useSeason, useSeasonLeagues } from '../../lib/seasons-api'
import { useAdminTitle } from '../../lib/use-admin-title'
import {
  decimalToMinor,
  formatMoney,
  minorToDecimal,
  type Question,
  type QuestionType,
  type Settings,
  type StaffRegistration,
  staffApi,
} from './registration-api'
import './registration.css'

type ConditionKind = 'age' | 'playedLastSeason' | 'notSuspended'
interface Condition {
  condition: ConditionKind
  min: string
  max: string
  on: string
  message: string
}
interface Draft {
  opensAt: string
  closesAt: string
  teamFee: string
  playerFee: string
  teamCapacity: string
  payAtGym: boolean
  freeAgents: boolean
  questions: (Question & { choicesText: string })[]
  waiverText: string
  combine: 'all' | 'any'
  conditions: Condition[]
}

const STATUSES = ['', 'unpaid', 'held', 'paid', 'gym', 'free', 'waitlisted', 'released', 'refunded'] as const

function toCondition(node: Record<string, unknown>): Condition | null {
  const kind = node.condition
  if (kind !== 'age' && kind !== 'playedLastSeason' && kind !== 'notSuspended') return null
  return {
    condition: kind,
    min: node.min === undefined ? '' : String(node.min),
    max: node.max === undefined ? '' : String(node.max),
    on: typeof node.on === 'string' ? node.on : '',
    message: typeof node.message === 'string' ? node.message : '',
  }
}

/** docs/registration.md "Eligibility": the screen edits one all/any list of conditions, each with its message. */
function readRule(rule: unknown): Pick<Draft, 'combine' | 'conditions'> {
  if (!rule || typeof rule !== 'object') return { combine: 'all', conditions: [] }
  const node = rule as Record<string, unknown>
  for (const combine of ['all', 'any'] as const) {
    if (Array.isArray(node[combine]))
      return {
        combine,
        conditions: (node[combine] as Record<string, unknown>[]).map(toCondition).filter((c): c is Condition => c !== null),
      }
  }
  const one = toCondition(node)
  return { combine: 'all', conditions: one ? [one] : [] }
}

function writeRule(draft: Draft): unknown {
  if (draft.conditions.length === 0) return null
  const nodes = draft.conditions.map((c) =>
    c.condition === 'age'
      ? {
          condition: 'age',
          ...(c.min ? { min: Number(c.min) } : {}),
          ...(c.max ? { max: Number(c.max) } : {}),
          on: c.on,
          message: c.message,
        }
      : { condition: c.condition, message: c.message },
  )
  if (draft.combine === 'any') return { any: nodes, message: draft.conditions[0]?.message ?? '' }
  return { all: nodes }
}

function toDraft(settings: Settings | null, currency: string): Draft {
  const money = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : minorToDecimal(value, currency)
  return {
    opensAt: settings?.opensAt ?? '',
    closesAt: settings?.closesAt ?? '',
    teamFee: money(settings?.teamFee),
    playerFee: money(settings?.playerFee),
    teamCapacity: settings?.teamCapacity ? String(settings.teamCapacity) : '',
    payAtGym: settings?.payAtGym ?? false,
    freeAgents: settings?.freeAgents ?? true,
    questions: (settings?.questions ?? []).map((q) => ({ ...q, choicesText: (q.choices ?? []).join(', ') })),
    waiverText: settings?.waiverText ?? '',
    ...readRule(settings?.eligibility),
  }
}

/** docs/registration.md "Set-up" and "Staff": a league's registration in a season, its entries, free agents and money. */
export function RegistrationAdminPage() {
  const t = useT()
  const params = useParams()
  const seasonId = Number(params.seasonId)
  const leagueId = Number(params.leagueId)
  const season = useSeason(seasonId)
  const leagues = useSeasonLeagues(seasonId)
  const league = leagues.data?.find((l) => l.id === leagueId)
  const settings = useQuery({
    queryKey: ['registration', 'settings', seasonId, leagueId],
    queryFn: () => staffApi.settings(seasonId, leagueId),
  })
  useAdminTitle(t('admin.registration.title'))

  return (
    <section className="admin-page registration-admin">
      <Breadcrumbs>
        <Link to="/dashboard/seasons">{t('admin.seasons.title')}</Link>
        <Link to={`/dashboard/seasons/${seasonId}`}>{season.data?.name ?? t('admin.common.season')}</Link>
        <Link to={`/dashboard/seasons/${seasonId}/leagues/${leagueId}`}>{league?.name ?? t('admin.teams.title')}</Link>
      </Breadcrumbs>
      <PageHeading title={t('admin.registration.titleOf', { league: league?.name ?? '' })} />
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorState
          message={errorMessage(settings.error, t('admin.registration.loadError'))}
          onRetry={() => settings.refetch()}
        />
      ) : (
        <>
          <SettingsForm
            seasonId={seasonId}
            leagueId={leagueId}
            settings={settings.data.settings}
            currency={settings.data.currency}
            onlinePayment={settings.data.onlinePayment}
          />
          {settings.data.settings ? (
            <>
              <Entries seasonId={seasonId} leagueId={leagueId} />
              <FreeAgents seasonId={seasonId} leagueId={leagueId} />
              <Report seasonId={seasonId} leagueId={leagueId} />
            </>
          ) : null}
        </>
      )}
    </section>
  )
}

function SettingsForm({
  seasonId,
  leagueId,
  settings,
  currency,
  onlinePayment,
}: {
  seasonId: number
  leagueId: number
  settings: Settings | null
  currency: string
  onlinePayment: boolean
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings, currency))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const setQuestion = (i: number, patch: Partial<Draft['questions'][number]>) =>
    setDraft((d) => ({ ...d, questions: d.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) }))
  const setCondition = (i: number, patch: Partial<Condition>) =>
    setDraft((d) => ({ ...d, conditions: d.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) }))

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found: Record<string, string> = {}
    const fee = (text: string, key: string) => {
      if (!text.trim()) return null
      const minor = decimalToMinor(text, currency)
      if (minor === null) found[key] = t('admin.registration.badAmount')
      return minor
    }
    const teamFee = fee(draft.teamFee, 'teamFee')
    const playerFee = fee(draft.playerFee, 'playerFee')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      await staffApi.save(seasonId, leagueId, {
        opensAt: draft.opensAt,
        closesAt: draft.closesAt,
        teamFee,
        playerFee,
        teamCapacity: draft.teamCapacity ? Number(draft.teamCapacity) : null,
        payAtGym: draft.payAtGym,
        freeAgents: draft.freeAgents,
        questions: draft.questions.map(({ choicesText, ...q }, i) => ({
          ...q,
          id: q.id || `q${i + 1}`,
          choices:
            q.type === 'choice'
              ? choicesText
                  .split(',')
                  .map((c) => c.trim())
                  .filter(Boolean)
              : undefined,
        })),
        eligibility: writeRule(draft),
        waiverText: draft.waiverText,
        version: settings?.version,
      })
      flash.show(t('admin.registration.saved'))
      await queryClient.invalidateQueries({ queryKey: ['registration'] })
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields)
      flash.show(errorMessage(error, t('admin.registration.saveFailed')), 'error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="admin-card registration-settings" onSubmit={submit} noValidate aria-labelledby="registration-settings">
      <h2 id="registration-settings">{t('admin.registration.settings')}</h2>
      {!onlinePayment ? <p>{t('admin.registration.noOnlinePayment')}</p> : null}
      <div className="registration-grid">
        <TextField
          id="reg-opensAt"
          label={t('admin.registration.opensAt')}
          type="date"
          value={draft.opensAt}
          onChange={(v) => set('opensAt', v)}
          error={errors.opensAt}
          required
        />
        <TextField
          id="reg-closesAt"
          label={t('admin.registration.closesAt')}
          type="date"
          value={draft.closesAt}
          onChange={(v) => set('closesAt', v)}
          error={errors.closesAt}
          required
        />
        <TextField
          id="reg-teamFee"
          label={t('admin.registration.teamFee', { currency })}
          inputMode="decimal"
          value={draft.teamFee}
          onChange={(v) => set('teamFee', v)}
          error={errors.teamFee}
        />
        <TextField
          id="reg-playerFee"
          label={t('admin.registration.playerFee', { currency })}
          inputMode="decimal"
          value={draft.playerFee}
          onChange={(v) => set('playerFee', v)}
          error={errors.playerFee}
        />
        <TextField
          id="reg-teamCapacity"
          label={t('admin.registration.capacity')}
          type="number"
          min={1}
          value={draft.teamCapacity}
          onChange={(v) => set('teamCapacity', v)}
          error={errors.teamCapacity}
        />
      </div>
      <CheckboxField
        id="reg-payAtGym"
        label={t('admin.registration.payAtGym')}
        checked={draft.payAtGym}
        onChange={(v) => set('payAtGym', v)}
      />
      <CheckboxField
        id="reg-freeAgents"
        label={t('admin.registration.freeAgents')}
        checked={draft.freeAgents}
        onChange={(v) => set('freeAgents', v)}
      />

      <fieldset>
        <legend>{t('admin.registration.questions')}</legend>
        {draft.questions.map((q, i) => (
          <div key={q.id || i} className="registration-row">
            <TextField
              id={`reg-q-${i}-label`}
              label={t('admin.registration.questionText', { number: i + 1 })}
              value={q.label}
              onChange={(v) => setQuestion(i, { label: v })}
            />
            <Field id={`reg-q-${i}-type`} label={t('admin.registration.questionType')}>
              <select
                id={`reg-q-${i}-type`}
                value={q.type}
                onChange={(e) => setQuestion(i, { type: e.target.value as QuestionType })}
              >
                {(['text', 'choice', 'yesno', 'date'] as const).map((type) => (
                  <option key={type} value={type}>
                    {t(`admin.registration.type.${type}`)}
                  </option>
                ))}
              </select>
            </Field>
            {q.type === 'choice' ? (
              <TextField
                id={`reg-q-${i}-choices`}
                label={t('admin.registration.choices')}
                value={q.choicesText}
                onChange={(v) => setQuestion(i, { choicesText: v })}
              />
            ) : null}
            <CheckboxField
              id={`reg-q-${i}-required`}
              label={t('admin.registration.required')}
              checked={q.required}
              onChange={(v) => setQuestion(i, { required: v })}
            />
            <button
              type="button"
              className="button"
              onClick={() =>
                set(
                  'questions',
                  draft.questions.filter((_, j) => j !== i),
                )
              }
            >
              {t('admin.registration.removeQuestion', { number: i + 1 })}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button"
          onClick={() =>
            set('questions', [
              ...draft.questions,
              { id: `q${Date.now().toString(36)}`, label: '', type: 'text', required: false, choicesText: '' },
            ])
          }
        >
          {t('admin.registration.addQuestion')}
        </button>
      </fieldset>

      <Field id="reg-waiver" label={t('admin.registration.waiver')} error={errors.waiverText}>
        <textarea id="reg-waiver" rows={6} value={draft.waiverText} onChange={(e) => set('waiverText', e.target.value)} />
      </Field>
      {settings ? <p>{t('admin.registration.waiverVersion', { version: settings.waiverVersion })}</p> : null}

      <fieldset>
        <legend>{t('admin.registration.eligibility')}</legend>
        {errors.eligibility ? (
          <p className="field-error" role="alert">
            {errors.eligibility}
          </p>
        ) : null}
        {draft.conditions.length > 1 ? (
          <Field id="reg-combine" label={t('admin.registration.combine')}>
            <select id="reg-combine" value={draft.combine} onChange={(e) => set('combine', e.target.value as 'all' | 'any')}>
              <option value="all">{t('admin.registration.combineAll')}</option>
              <option value="any">{t('admin.registration.combineAny')}</option>
            </select>
          </Field>
        ) : null}
        {draft.conditions.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; the list is edited in place
          <div key={i} className="registration-row">
            <Field id={`reg-c-${i}-kind`} label={t('admin.registration.condition', { number: i + 1 })}>
              <select
                id={`reg-c-${i}-kind`}
                value={c.condition}
                onChange={(e) => setCondition(i, { condition: e.target.value as ConditionKind })}
              >
                {(['age', 'playedLastSeason', 'notSuspended'] as const).map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`admin.registration.conditionKind.${kind}`)}
                  </option>
                ))}
              </select>
            </Field>
            {c.condition === 'age' ? (
              <>
                <TextField
                  id={`reg-c-${i}-min`}
                  label={t('admin.registration.ageMin')}
                  type="number"
                  min={0}
                  value={c.min}
                  onChange={(v) => setCondition(i, { min: v })}
                />
                <TextField
                  id={`reg-c-${i}-max`}
                  label={t('admin.registration.ageMax')}
                  type="number"
                  min={0}
                  value={c.max}
                  onChange={(v) => setCondition(i, { max: v })}
                />
                <TextField
                  id={`reg-c-${i}-on`}
                  label={t('admin.registration.ageOn')}
                  type="date"
                  value={c.on}
                  onChange={(v) => setCondition(i, { on: v })}
                />
              </>
            ) : null}
            <TextField
              id={`reg-c-${i}-message`}
              label={t('admin.registration.refusal')}
              value={c.message}
              onChange={(v) => setCondition(i, { message: v })}
            />
            <button
              type="button"
              className="button"
              onClick={() =>
                set(
                  'conditions',
                  draft.conditions.filter((_, j) => j !== i),
                )
              }
            >
              {t('admin.registration.removeCondition', { number: i + 1 })}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button"
          onClick={() => set('conditions', [...draft.conditions, { condition: 'age', min: '', max: '', on: '', message: '' }])}
        >
          {t('admin.registration.addCondition')}
        </button>
      </fieldset>
      <Flash message={flash.message} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? t('common.saving') : t('admin.registration.save')}
      </button>
    </form>
  )
}

function Entries({ seasonId, leagueId }: { seasonId: number; leagueId: number }) {
  const t = useT()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const [status, setStatus] = useState('')
  const [refunding, setRefunding] = useState<StaffRegistration | null>(null)
  const [busy, setBusy] = useState(false)
  const language = currentLanguage()
  const entries = useQuery({
    queryKey: ['registration', 'entries', seasonId, leagueId, status],
    queryFn: () => staffApi.entries(seasonId, leagueId, status).then((b) => b.registrations),
  })
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await work()
      flash.show(done)
      await queryClient.invalidateQueries({ queryKey: ['registration'] })
      return true
    } catch (error) {
      flash.show(errorMessage(error, t('admin.registration.actionFailed')), 'error')
      return false
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="admin-card" aria-labelledby="registration-entries">
      <h2 id="registration-entries">{t('admin.registration.entries')}</h2>
      <div className="registration-toolbar">
        <Field id="reg-status" label={t('admin.registration.statusFilter')}>
          <select id="reg-status" value={status} onChange={(e) => setStatus(e.target.value)}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(s ? `admin.registration.status.${s}` : 'admin.registration.status.all')}
              </option>
            ))}
          </select>
        </Field>
        <a className="button" href={staffApi.csvUrl(seasonId, leagueId, status)} download>
          {t('admin.registration.csv')}
        </a>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => run(() => staffApi.letIn(seasonId, leagueId), t('admin.registration.letInDone'))}
        >
          {t('admin.registration.letIn')}
        </button>
      </div>
      <Flash message={flash.message} />
      {entries.isPending ? (
        <Loading />
      ) : entries.isError ? (
        <ErrorState message={errorMessage(entries.error, t('admin.registration.loadError'))} />
      ) : entries.data.length === 0 ? (
        <p>{t('admin.registration.noEntries')}</p>
      ) : (
        <ul className="registration-entries">
          {entries.data.map((r) => (
            <li key={r.id} className="registration-entry">
              <span className="registration-entry-main">
                <strong>{r.kind === 'team' ? r.teamName : r.playerName}</strong>{' '}
                <span className="status-badge">{t(`admin.registration.status.${r.status}`)}</span>
              </span>
              <span className="registration-entry-detail">
                {[
                  r.kind === 'team' ? t('admin.registration.kindTeam') : t('admin.registration.kindFreeAgent'),
                  r.playerName,
                  r.email,
                  r.amount > 0 ? formatMoney(r.amount, r.currency, language) : null,
                  r.refundedAmount > 0
                    ? t('admin.registration.refundedAmount', { amount: formatMoney(r.refundedAmount, r.currency, language) })
                    : null,
                  // A partial refund: what stays paid (and may still be refunded).
                  r.refundedAmount > 0 && r.amount > r.refundedAmount
                    ? t('admin.registration.remainingAmount', {
                        amount: formatMoney(r.amount - r.refundedAmount, r.currency, language),
                      })
                    : null,
                  r.waitlistPosition ? t('admin.registration.waitlistPosition', { position: r.waitlistPosition }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <span className="registration-entry-actions">
                {r.kind === 'team' && !r.teamId && ['paid', 'gym', 'free'].includes(r.status) ? (
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={busy}
                    onClick={() => run(() => staffApi.team(r.id), t('admin.registration.teamDone', { name: r.teamName ?? '' }))}
                  >
                    {t('admin.registration.makeTeam', { name: r.teamName ?? '' })}
                  </button>
                ) : null}
                {r.teamId ? (
                  <span>{t(r.kind === 'team' ? 'admin.registration.teamMade' : 'admin.registration.onTeam')}</span>
                ) : null}
                {r.status === 'paid' && r.amount > r.refundedAmount ? (
                  <button type="button" className="button button-danger" disabled={busy} onClick={() => setRefunding(r)}>
                    {t('admin.registration.refund', { name: r.teamName ?? r.playerName ?? '' })}
                  </button>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      {refunding ? (
        <RefundDialog
          entry={refunding}
          busy={busy}
          onCancel={() => setRefunding(null)}
          onRefund={async (amount) => {
            const left = refunding.amount - refunding.refundedAmount
            const done =
              amount === left
                ? t('admin.registration.refundDone')
                : t('admin.registration.partialRefundDone', {
                    amount: formatMoney(amount, refunding.currency, language),
                    left: formatMoney(left - amount, refunding.currency, language),
                  })
            if (await run(() => staffApi.refund(refunding.id, amount), done)) setRefunding(null)
          }}
        />
      ) : null}
    </section>
  )
}

/**
 * A refund of a paid registration (docs/registration.md "Staff"): the amount in the currency's major
 * units, prefilled with what is left, checked (> 0, ≤ what is left, the currency's decimals); the
 * question and the button state the amount before anything is sent.
 */
function RefundDialog({
  entry,
  busy,
  onCancel,
  onRefund,
}: {
  entry: StaffRegistration
  busy: boolean
  onCancel: () => void
  onRefund: (amount: number) => void
}) {
  const t = useT()
  const language = currentLanguage()
  const left = entry.amount - entry.refundedAmount
  const [text, setText] = useState(() => minorToDecimal(left, entry.currency))
  const [shown, setShown] = useState<string | null>(null)
  const amount = decimalToMinor(text, entry.currency)
  const problem =
    amount === null
      ? t('admin.registration.refundAmountInvalid', { example: minorToDecimal(left, entry.currency) })
      : amount <= 0
        ? t('admin.registration.refundAmountZero')
        : amount > left
          ? t('admin.registration.refundAmountTooMuch', { amount: formatMoney(left, entry.currency, language) })
          : null
  const name = entry.teamName ?? entry.playerName ?? ''
  const valid = amount !== null && problem === null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!valid) return setShown(problem)
    onRefund(amount)
  }
  const formId = `refund-${entry.id}`
  const money = valid ? formatMoney(amount, entry.currency, language) : null
  return (
    <Modal
      open
      title={t('admin.registration.refundTitle')}
      onClose={onCancel}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={formId} className="button button-danger" disabled={busy}>
            {busy
              ? t('common.working')
              : money
                ? t('admin.registration.refundAmountConfirm', { amount: money })
                : t('admin.registration.refundConfirm')}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          id={`${formId}-amount`}
          label={t('admin.registration.refundAmount', { currency: entry.currency })}
          value={text}
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          error={shown !== null ? (problem ?? undefined) : undefined}
          onChange={(value) => {
            setText(value)
            if (shown !== null) setShown(problem)
          }}
        />
        <p className="field-hint muted">
          {t('admin.registration.refundLeft', { amount: formatMoney(left, entry.currency, language) })}
        </p>
        <p className="confirm-message" aria-live="polite">
          {money
            ? t(amount === left ? 'admin.registration.refundQuestion' : 'admin.registration.partialRefundQuestion', {
                name,
                amount: money,
                left: formatMoney(left - (amount ?? 0), entry.currency, language),
              })
            : null}
        </p>
      </form>
    </Modal>
  )
}

function FreeAgents({ seasonId, leagueId }: { seasonId: number; leagueId: number }) {
  const t = useT()
  const queryClient = useQueryClient()
  const flash = useFlash()
  const [choice, setChoice] = useState<Record<number, string>>({})
  const pool = useQuery({
    queryKey: ['registration', 'free-agents', seasonId, leagueId],
    queryFn: () => staffApi.freeAgents(seasonId, leagueId),
  })
  const place = async (id: number) => {
    const slt = Number(choice[id] ?? pool.data?.teams[0]?.seasonsLeagueTeamId)
    try {
      await staffApi.place(id, slt)
      flash.show(t('admin.registration.placed'))
      await queryClient.invalidateQueries({ queryKey: ['registration'] })
    } catch (error) {
      flash.show(errorMessage(error, t('admin.registration.actionFailed')), 'error')
    }
  }
  return (
    <section className="admin-card" aria-labelledby="registration-free-agents">
      <h2 id="registration-free-agents">{t('admin.registration.freeAgentPool')}</h2>
      <Flash message={flash.message} />
      {pool.isPending ? (
        <Loading />
      ) : pool.isError ? (
        <ErrorState message={errorMessage(pool.error, t('admin.registration.loadError'))} />
      ) : pool.data.freeAgents.length === 0 ? (
        <p>{t('admin.registration.noFreeAgents')}</p>
      ) : (
        <ul className="registration-entries">
          {pool.data.freeAgents.map((r) => (
            <li key={r.id} className="registration-entry">
              <span className="registration-entry-main">
                <strong>{r.playerName}</strong>
              </span>
              <span className="registration-entry-detail">
                {[r.availability, ...Object.values(r.answers)].filter(Boolean).join(' · ')}
              </span>
              {pool.data.teams.length > 0 ? (
                <span className="registration-entry-actions">
                  <label className="visually-hidden" htmlFor={`reg-place-${r.id}`}>
                    {t('admin.registration.placeOn', { name: r.playerName ?? '' })}
                  </label>
                  <select
                    id={`reg-place-${r.id}`}
                    value={choice[r.id] ?? String(pool.data.teams[0]?.seasonsLeagueTeamId)}
                    onChange={(e) => setChoice((c) => ({ ...c, [r.id]: e.target.value }))}
                  >
                    {pool.data.teams.map((team) => (
                      <option key={team.seasonsLeagueTeamId} value={team.seasonsLeagueTeamId}>
                        {team.name}
                      </option>
                    ))}
                  </select>
                  <button type="button" className="button button-primary" onClick={() => place(r.id)}>
                    {t('admin.registration.place')}
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Report({ seasonId, leagueId }: { seasonId: number; leagueId: number }) {
  const t = useT()
  const language = currentLanguage()
  const [open, setOpen] = useState(false)
  const report = useQuery({
    queryKey: ['registration', 'report', seasonId, leagueId],
    queryFn: () => staffApi.report(seasonId, leagueId),
    enabled: open,
  })
  const money = (minor: number) => formatMoney(minor, report.data?.currency ?? 'USD', language)
  return (
    <section className="admin-card" aria-labelledby="registration-report">
      <h2 id="registration-report">{t('admin.registration.report')}</h2>
      <button type="button" className="button" onClick={() => (open ? report.refetch() : setOpen(true))}>
        {t('admin.registration.reconcile')}
      </button>
      {!open ? null : report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <ErrorState message={errorMessage(report.error, t('admin.registration.loadError'))} />
      ) : (
        <>
          <p role="status" className={report.data.matches ? 'registration-match' : 'registration-mismatch'}>
            {report.data.matches ? t('admin.registration.matches') : t('admin.registration.differs')}
          </p>
          <TableScroll label={t('admin.registration.reportCaption')}>
            <table className="data-table">
              <caption>{t('admin.registration.reportCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.registration.source')}</th>
                  <th scope="col">{t('admin.registration.collected')}</th>
                  <th scope="col">{t('admin.registration.refunded')}</th>
                  <th scope="col">{t('admin.registration.net')}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t('admin.registration.product')}</th>
                  <td>{money(report.data.product.collected)}</td>
                  <td>{money(report.data.product.refunded)}</td>
                  <td>{money(report.data.product.net)}</td>
                </tr>
                {report.data.provider ? (
                  <tr>
                    <th scope="row">{t('admin.registration.provider')}</th>
                    <td>{money(report.data.provider.collected)}</td>
                    <td>{money(report.data.provider.refunded)}</td>
                    <td>{money(report.data.provider.net)}</td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </TableScroll>
          {report.data.differences.length > 0 ? (
            <ul>
              {report.data.differences.map((d) => (
                <li key={d.paymentIntent}>
                  {t('admin.registration.difference', {
                    payment: d.paymentIntent,
                    product: money(d.product),
                    provider: money(d.provider),
                  })}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  )
}
