import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useSite } from '../../app/site-context'
import { TextField } from '../../components/field'
import { Loading } from '../../components/status'
import { ApiError, errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { askForLink, memberKeys, signInWithToken } from './account-api'
import '../../components/member-area.css'
import { PasskeySignIn } from './passkeys'

type Step = { kind: 'form' } | { kind: 'sent'; email: string } | { kind: 'checking' } | { kind: 'expired' }

/** The token of a sign-in link: the address's fragment (docs/members.md "Signing in"), read once. */
function takeToken(): string | null {
  const token = window.location.hash.slice(1)
  if (token.length < 20) return null
  // Out of the address at once: the fragment never reaches a server, and now not the history either.
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
  return token
}

/**
 * docs/members.md "Signing in": a player asks for a one-time link (the same words whether or not the
 * address is known); the link's landing signs in and goes on to the member's page.
 */
export function MemberSignInPage() {
  const t = useT()
  const { tenant, organization } = useSite()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [token, setToken] = useState(takeToken)
  const [step, setStep] = useState<Step>(token ? { kind: 'checking' } : { kind: 'form' })
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const used = useRef(false)
  const title = t('memberAccount.signIn.title')

  useEffect(() => {
    document.title = t('memberAccount.signIn.documentTitle', { organization: organization.name })
  }, [t, organization.name])

  // A link opened in the tab that already shows this page changes only the fragment: take it too.
  useEffect(() => {
    const onHash = () => {
      const next = takeToken()
      if (!next) return
      used.current = false
      setStep({ kind: 'checking' })
      setToken(next)
    }
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])

  useEffect(() => {
    if (!token || used.current) return
    used.current = true
    signInWithToken(tenant, token)
      .then((member) => {
        queryClient.setQueryData(memberKeys.me(tenant), member)
        // docs/registration.md "Signing up": a newcomer sent here from a form goes back to it.
        const back = window.localStorage.getItem('courtside.member.returnTo')
        window.localStorage.removeItem('courtside.member.returnTo')
        if (back && /^\/(?!\/)/.test(back)) navigate(back, { replace: true })
        else navigate(sitePath(tenant, 'member'), { replace: true })
      })
      .catch((failure: unknown) => {
        setStep({ kind: 'expired' })
        if (!(failure instanceof ApiError && failure.status === 400))
          setError(errorMessage(failure, t('memberAccount.signIn.failed')))
      })
  }, [token, tenant, navigate, queryClient, t])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const address = email.trim()
    if (!address) {
      setError(t('memberAccount.signIn.emailRequired'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      await askForLink(tenant, address)
      setStep({ kind: 'sent', email: address })
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.fields?.email
          ? failure.fields.email
          : errorMessage(failure, t('memberAccount.signIn.failed')),
      )
    } finally {
      setBusy(false)
    }
  }

  if (step.kind === 'checking') {
    return (
      <main className="page member-page" id="main">
        <h1 className="page-title">{title}</h1>
        <Loading text={t('memberAccount.signIn.checking')} />
      </main>
    )
  }

  return (
    <main className="page member-page" id="main">
      <h1 className="page-title">{title}</h1>
      {step.kind === 'sent' ? (
        <section className="member-card" aria-live="polite">
          <p className="member-sent" role="status">
            {t('memberAccount.signIn.sent', { organization: organization.name })}
          </p>
          <button type="button" className="button" onClick={() => setStep({ kind: 'form' })}>
            {t('memberAccount.signIn.another')}
          </button>
        </section>
      ) : (
        <form className="member-card" onSubmit={submit} noValidate aria-labelledby="member-sign-in-intro">
          {step.kind === 'expired' ? (
            <p className="state state-error" role="alert">
              {t('memberAccount.signIn.expired')}
            </p>
          ) : null}
          <p id="member-sign-in-intro">{t('memberAccount.signIn.intro')}</p>
          <TextField
            id="member-email"
            label={t('memberAccount.signIn.email')}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={setEmail}
            error={error ?? undefined}
            required
          />
          <button type="submit" className="button button-primary button-block" disabled={busy}>
            {busy
              ? t('memberAccount.signIn.sending')
              : step.kind === 'expired'
                ? t('memberAccount.signIn.sendNew')
                : t('memberAccount.signIn.send')}
          </button>
          <PasskeySignIn />
        </form>
      )}
    </main>
  )
}
