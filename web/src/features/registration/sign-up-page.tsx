import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { useSite } from '../../app/site-context'
import { CheckboxField, Field, TextField } from '../../components/field'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { ApiError, errorMessage } from '../../lib/api-client'
import { currentLanguage, useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import {
  formatMoney,
  type MyRegistration,
  type PublicForm,
  payNow,
  registrationKeys,
  type SignUpBody,
  signUp,
  useForm,
  useForms,
  useMember,
  useMyRegistrations,
} from './registration-api'
import '../../components/member-area.css'
import './registration.css'

/** docs/registration.md "Signing up": where a newcomer's sign-in link brings them back, and their progress. */
export const RETURN_KEY = 'courtside.member.returnTo'
const draftKey = (formId: number) => `courtside.registration.draft.${formId}`

type Draft = Omit<SignUpBody, 'formId' | 'waiver'> & { waiverName: string; agreed: boolean }
const emptyDraft = (form: PublicForm): Draft => ({
  kind: form.teamFee !== null || !form.freeAgents ? 'team' : 'free_agent',
  teamName: '',
  colours: '',
  answers: {},
  birthDate: '',
  availability: '',
  payAtGym: false,
  waiverName: '',
  agreed: false,
})

function readDraft(formId: number): Draft | null {
  try {
    const text = window.localStorage.getItem(draftKey(formId))
    return text ? (JSON.parse(text) as Draft) : null
  } catch {
    return null
  }
}

/** The organization's registration forms, open or coming (docs/registration.md). */
export function RegisterListPage() {
  const t = useT()
  const { tenant, organization } = useSite()
  const forms = useForms(tenant)
  useEffect(() => {
    document.title = t('register.documentTitle', { organization: organization.name })
  }, [t, organization.name])
  return (
    <main className="page member-page" id="main">
      <h1 className="page-title">{t('register.title')}</h1>
      {forms.isPending ? (
        <Loading />
      ) : forms.isError ? (
        <ErrorState message={t('register.loadError')} onRetry={() => forms.refetch()} />
      ) : forms.data.length === 0 ? (
        <EmptyState>{t('register.none')}</EmptyState>
      ) : (
        <ul className="member-list">
          {forms.data.map((form) => (
            <li key={form.id} className="member-item">
              <span className="member-item-main">
                <Link to={sitePath(tenant, `register/${form.id}`)}>
                  {t('register.formName', { league: form.leagueName, season: form.seasonName })}
                </Link>
                {!form.open ? <span className="member-badge member-badge-muted">{t('register.notOpen')}</span> : null}
              </span>
              <span className="member-item-detail">
                <FormFacts form={form} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}

function FormFacts({ form }: { form: PublicForm }) {
  const t = useT()
  const language = currentLanguage()
  const parts = [t('register.dates', { opens: form.opensAt, closes: form.closesAt })]
  if (form.teamFee !== null) parts.push(t('register.teamFee', { amount: formatMoney(form.teamFee, form.currency, language) }))
  if (form.freeAgents && form.playerFee !== null && form.playerFee > 0)
    parts.push(t('register.playerFee', { amount: formatMoney(form.playerFee, form.currency, language) }))
  if (form.placesLeft !== null) parts.push(t('register.placesLeft', { count: form.placesLeft }))
  return <>{parts.join(' · ')}</>
}

export function SignUpPage() {
  const t = useT()
  const { tenant } = useSite()
  const formId = Number(useParams().formId)
  const form = useForm(tenant, formId)
  if (form.isPending)
    return (
      <main className="page member-page" id="main">
        <Loading />
      </main>
    )
  if (form.isError)
    return (
      <main className="page member-page" id="main">
        <h1 className="page-title">{t('register.title')}</h1>
        <ErrorState
          message={form.error instanceof ApiError && form.error.status === 404 ? t('register.notFound') : t('register.loadError')}
        />
      </main>
    )
  return <SignUpForm form={form.data} />
}

function SignUpForm({ form }: { form: PublicForm }) {
  const t = useT()
  const { tenant, organization } = useSite()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const me = useMember(tenant)
  const [draft, setDraft] = useState<Draft>(() => ({ ...emptyDraft(form), ...readDraft(form.id) }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const language = currentLanguage()
  const title = t('register.formName', { league: form.leagueName, season: form.seasonName })
  const signedOut = me.isError && me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 403)

  useEffect(() => {
    document.title = t('register.documentTitleForm', { form: title, organization: organization.name })
  }, [t, title, organization.name])
  useEffect(() => {
    window.localStorage.setItem(draftKey(form.id), JSON.stringify(draft))
  }, [draft, form.id])

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const setAnswer = (id: string, value: string) => setDraft((d) => ({ ...d, answers: { ...d.answers, [id]: value } }))
  const fee = draft.kind === 'team' ? form.teamFee : form.playerFee
  const hasWaiver = form.waiverText.trim().length > 0
  // No team place left: a team joins the waitlist and pays only when let in (docs/registration.md "Places").
  const full = draft.kind === 'team' && form.placesLeft === 0

  const signInFirst = () => {
    window.localStorage.setItem(RETURN_KEY, window.location.pathname)
    navigate(sitePath(tenant, 'member/sign-in'))
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found: Record<string, string> = {}
    if (draft.kind === 'team' && !draft.teamName?.trim()) found.teamName = t('register.teamNameRequired')
    if (form.asksBirthDate && !draft.birthDate) found.birthDate = t('register.birthDateRequired')
    for (const q of form.questions)
      if (q.required && !(draft.answers[q.id] ?? '').trim()) found[`answers.${q.id}`] = t('register.answerRequired')
    if (hasWaiver && !draft.waiverName.trim()) found.waiverName = t('register.waiverNameRequired')
    if (hasWaiver && !draft.agreed) found.agreed = t('register.waiverAgreeRequired')
    setErrors(found)
    setFailure(null)
    if (Object.keys(found).length > 0) {
      document.getElementById(`register-${Object.keys(found)[0]?.replace('.', '-')}`)?.focus()
      return
    }
    if (signedOut) {
      signInFirst()
      return
    }
    setBusy(true)
    try {
      const answers = Object.fromEntries(Object.entries(draft.answers).filter(([, v]) => v !== ''))
      const made = await signUp(tenant, {
        formId: form.id,
        kind: draft.kind,
        teamName: draft.kind === 'team' ? draft.teamName : undefined,
        colours: draft.kind === 'team' && draft.colours ? draft.colours : undefined,
        answers,
        birthDate: form.asksBirthDate ? draft.birthDate : undefined,
        availability: draft.kind === 'free_agent' && draft.availability ? draft.availability : undefined,
        payAtGym: draft.payAtGym,
        waiver: hasWaiver ? { name: draft.waiverName, agreed: draft.agreed, version: form.waiverVersion } : undefined,
      })
      window.localStorage.removeItem(draftKey(form.id))
      await queryClient.invalidateQueries({ queryKey: registrationKeys.mine(tenant) })
      if (made.checkoutUrl) window.location.assign(made.checkoutUrl)
      else navigate(sitePath(tenant, `member/registrations?done=${made.registration.id}`))
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields)
      setFailure(errorMessage(error, t('register.failed')))
      setBusy(false)
    }
  }

  return (
    <main className="page member-page" id="main">
      <h1 className="page-title">{title}</h1>
      <p className="member-item-detail">
        <FormFacts form={form} />
      </p>
      {!form.open ? (
        <p className="state" role="status">
          {t('register.notOpenYet', { opens: form.opensAt })}
        </p>
      ) : null}
      {signedOut ? (
        <section className="member-card register-sign-in">
          <p>{t('register.signInFirst')}</p>
          <button type="button" className="button" onClick={signInFirst}>
            {t('register.signIn')}
          </button>
        </section>
      ) : me.data ? (
        <p>
          {t('register.signedInAs', { name: `${me.data.player.firstName} ${me.data.player.lastName}`, email: me.data.email })}
        </p>
      ) : null}
      <form className="member-card register-form" onSubmit={submit} noValidate>
        {form.freeAgents ? (
          <fieldset className="register-kind">
            <legend>{t('register.kind')}</legend>
            {(['team', 'free_agent'] as const).map((kind) => (
              <label key={kind} className="checkbox" htmlFor={`register-kind-${kind}`}>
                <input
                  id={`register-kind-${kind}`}
                  type="radio"
                  name="kind"
                  checked={draft.kind === kind}
                  onChange={() => set('kind', kind)}
                />
                {t(kind === 'team' ? 'register.kindTeam' : 'register.kindFreeAgent')}
              </label>
            ))}
          </fieldset>
        ) : null}
        {draft.kind === 'team' ? (
          <>
            <TextField
              id="register-teamName"
              label={t('register.teamName')}
              value={draft.teamName ?? ''}
              onChange={(v) => set('teamName', v)}
              error={errors.teamName}
              maxLength={60}
              required
            />
            <TextField
              id="register-colours"
              label={t('register.colours')}
              value={draft.colours ?? ''}
              onChange={(v) => set('colours', v)}
              error={errors.colours}
              maxLength={60}
            />
            <p className="member-item-detail">{t('register.teammatesLater')}</p>
          </>
        ) : (
          <Field id="register-availability" label={t('register.availability')} error={errors.availability}>
            <textarea
              id="register-availability"
              value={draft.availability ?? ''}
              maxLength={500}
              rows={3}
              onChange={(e) => set('availability', e.target.value)}
            />
          </Field>
        )}
        {form.asksBirthDate ? (
          <TextField
            id="register-birthDate"
            label={t('register.birthDate')}
            type="date"
            value={draft.birthDate ?? ''}
            onChange={(v) => set('birthDate', v)}
            error={errors.birthDate}
            required
          />
        ) : null}
        {form.questions.map((q) => {
          const id = `register-answers-${q.id}`
          const error = errors[`answers.${q.id}`]
          const label = q.required ? q.label : t('register.optional', { label: q.label })
          const value = draft.answers[q.id] ?? ''
          if (q.type === 'choice' || q.type === 'yesno') {
            const options =
              q.type === 'yesno'
                ? [
                    { value: 'yes', label: t('common.yes') },
                    { value: 'no', label: t('common.no') },
                  ]
                : (q.choices ?? []).map((c) => ({ value: c, label: c }))
            return (
              <Field key={q.id} id={id} label={label} error={error} errorId={`${id}-error`}>
                <select
                  id={id}
                  value={value}
                  onChange={(e) => setAnswer(q.id, e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                >
                  <option value="">{t('register.choose')}</option>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </Field>
            )
          }
          return (
            <TextField
              key={q.id}
              id={id}
              label={label}
              type={q.type === 'date' ? 'date' : 'text'}
              value={value}
              onChange={(v) => setAnswer(q.id, v)}
              error={error}
              maxLength={2000}
            />
          )
        })}
        {hasWaiver ? (
          <fieldset className="register-waiver">
            <legend>{t('register.waiver')}</legend>
            <div className="register-waiver-text">{form.waiverText}</div>
            <TextField
              id="register-waiverName"
              label={t('register.waiverName')}
              value={draft.waiverName}
              onChange={(v) => set('waiverName', v)}
              error={errors.waiverName ?? errors['waiver.name']}
              autoComplete="name"
              required
            />
            <CheckboxField
              id="register-agreed"
              label={t('register.waiverAgree')}
              checked={draft.agreed}
              onChange={(v) => set('agreed', v)}
            />
            {(errors.agreed ?? errors['waiver.agreed']) ? (
              <p className="field-error" role="alert">
                {errors.agreed ?? errors['waiver.agreed']}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {fee !== null && fee > 0 && form.payAtGym ? (
          <CheckboxField
            id="register-payAtGym"
            label={t('register.payAtGym')}
            checked={draft.payAtGym}
            onChange={(v) => set('payAtGym', v)}
          />
        ) : null}
        {full ? <p role="status">{t('register.fullNotice')}</p> : null}
        {failure ? (
          <p className="state state-error" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="button button-primary button-block" disabled={busy || !form.open}>
          {busy
            ? t('common.working')
            : full
              ? t('register.submitWaitlist')
              : fee !== null && fee > 0 && !draft.payAtGym
                ? t('register.submitPay', { amount: formatMoney(fee, form.currency, language) })
                : t('register.submit')}
        </button>
      </form>
    </main>
  )
}

const statusKey = (r: MyRegistration) => `register.status.${r.status}` as const

/** docs/registration.md: the member's own registrations; after Checkout it waits for the webhook's word. */
export function MyRegistrationsPage() {
  const t = useT()
  const { tenant, organization } = useSite()
  const [params] = useSearchParams()
  const paid = Number(params.get('paid') ?? 0)
  const me = useMember(tenant)
  const [poll, setPoll] = useState(paid > 0)
  const list = useMyRegistrations(tenant, me.isSuccess, poll)
  const [failure, setFailure] = useState<string | null>(null)
  const language = currentLanguage()
  const waited = list.data?.find((r) => r.id === paid)

  useEffect(() => {
    document.title = t('register.mineDocumentTitle', { organization: organization.name })
  }, [t, organization.name])
  useEffect(() => {
    if (poll && waited && waited.status !== 'held') setPoll(false)
  }, [poll, waited])

  const pay = async (id: number) => {
    setFailure(null)
    try {
      const { checkoutUrl } = await payNow(tenant, id)
      if (checkoutUrl) window.location.assign(checkoutUrl)
    } catch (error) {
      setFailure(errorMessage(error, t('register.failed')))
    }
  }

  if (me.isError)
    return (
      <main className="page member-page" id="main">
        <h1 className="page-title">{t('register.mine')}</h1>
        <section className="member-card">
          <p>{t('memberAccount.home.signedOut')}</p>
          <Link className="button button-primary" to={sitePath(tenant, 'member/sign-in')}>
            {t('memberAccount.home.signInLink')}
          </Link>
        </section>
      </main>
    )

  return (
    <main className="page member-page" id="main">
      <h1 className="page-title">{t('register.mine')}</h1>
      {paid > 0 ? (
        <p className={`state ${waited && waited.status === 'paid' ? 'state-success' : ''}`} role="status" aria-live="polite">
          {!waited || waited.status === 'held'
            ? t('register.waitingConfirmation')
            : waited.status === 'paid'
              ? t('register.paidConfirmed')
              : t(statusKey(waited))}
        </p>
      ) : null}
      {failure ? (
        <p className="state state-error" role="alert">
          {failure}
        </p>
      ) : null}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState message={t('register.loadError')} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState>{t('register.noneMine')}</EmptyState>
      ) : (
        <RegistrationList rows={list.data} language={language} onPay={pay} />
      )}
      <p>
        <Link to={sitePath(tenant, 'register')}>{t('register.title')}</Link>
      </p>
    </main>
  )
}

export function RegistrationList({
  rows,
  language,
  onPay,
}: {
  rows: MyRegistration[]
  language: string
  onPay?: (id: number) => void
}) {
  const t = useT()
  return (
    <ul className="member-list">
      {rows.map((r) => (
        <li key={r.id} className="member-item">
          <span className="member-item-main">
            {r.kind === 'team' ? r.teamName : t('register.kindFreeAgent')}
            <span className={`member-badge register-status-${r.status}`}>{t(statusKey(r))}</span>
          </span>
          <span className="member-item-detail">
            {t('register.formName', { league: r.leagueName, season: r.seasonName })}
            {r.amount > 0 ? ` · ${formatMoney(r.amount, r.currency, language)}` : ''}
            {r.waitlistPosition ? ` · ${t('register.waitlistPosition', { position: r.waitlistPosition })}` : ''}
          </span>
          {onPay && r.status === 'held' && !r.payAtGym && r.amount > 0 ? (
            <button type="button" className="button button-primary" onClick={() => onPay(r.id)}>
              {t('register.payNow')}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
