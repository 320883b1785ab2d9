import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { TextField } from '../../components/field'
import { Flash, useFlash } from '../../components/flash'
import { errorMessage } from '../../lib/api-client'
import { useAuth, useLogin } from '../../lib/auth'
import { useT } from '../../lib/i18n'

/** docs/reference/public-site.md §2.3 — served at /login, /{slug}/login and /login on a custom domain. */
export function LoginPage() {
  const t = useT()
  const { isAuthenticated, isLoading } = useAuth()
  const login = useLogin()
  const navigate = useNavigate()
  const flash = useFlash()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const usernameRef = useRef<HTMLInputElement>(null)

  const title = t('login.title')
  useEffect(() => {
    document.title = title
  }, [title])
  useEffect(() => {
    usernameRef.current?.focus()
  }, [])

  // A visitor who is already signed in has nothing to do here (docs/reference/public-site.md §2.3).
  if (!isLoading && isAuthenticated && login.isIdle) return <Navigate to="/dashboard" replace />

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (login.isPending) return
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => navigate('/dashboard/seasons', { replace: true }),
        onError: (error) => {
          setPassword('')
          flash.show(errorMessage(error, t('login.failed')), 'error')
        },
      },
    )
  }

  return (
    <main className="login-page" id="main">
      <form className="card login-card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">{t('login.title')}</h1>
        <TextField
          id="login-username"
          label={t('login.username')}
          name="username"
          autoComplete="username"
          value={username}
          onChange={setUsername}
          ref={usernameRef}
          required
        />
        <TextField
          id="login-password"
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
        />
        <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
          {login.isPending ? t('login.signingIn') : t('login.submit')}
        </button>
        <Flash message={flash.message} />
      </form>
    </main>
  )
}
