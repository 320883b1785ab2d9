import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Flash, useFlash } from '../../components/flash'
import { ApiError, errorMessage } from '../../lib/api-client'
import { type AuthUser, useChooseNewPassword, useLogout } from '../../lib/auth'
import { useRichT, useT } from '../../lib/i18n'

const MIN_LENGTH = 8

type Field = 'oldPassword' | 'password' | 'confirm'

/**
 * docs/reference/trust-and-security.md: right after signing in with a temporary password (an admin's reset), the user chooses a
 * new one before anything else. The server applies the full rules (length, common passwords, the
 * username and organization); the length and the confirmation are checked here first.
 */
export function ChoosePasswordPage({ user }: { user: AuthUser }) {
  const t = useT()
  const richT = useRichT()
  const choose = useChooseNewPassword(user.id)
  const logout = useLogout()
  const flash = useFlash()
  const id = useId()
  const [values, setValues] = useState<Record<Field, string>>({ oldPassword: '', password: '', confirm: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const firstRef = useRef<HTMLInputElement>(null)

  const title = t('choosePassword.title')
  useEffect(() => {
    document.title = title
  }, [title])
  useEffect(() => {
    firstRef.current?.focus()
  }, [])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (choose.isPending) return
    const found: Partial<Record<Field, string>> = {}
    if (!values.oldPassword) found.oldPassword = t('choosePassword.oldRequired')
    if (values.password.length < MIN_LENGTH) found.password = t('choosePassword.tooShort', { min: MIN_LENGTH })
    else if (values.password === values.oldPassword) found.password = t('choosePassword.sameAsOld')
    if (values.confirm !== values.password) found.confirm = t('choosePassword.mismatch')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    choose.mutate(
      { oldPassword: values.oldPassword, password: values.password },
      {
        onError: (error) => {
          setErrors(error instanceof ApiError && error.fields ? error.fields : {})
          flash.show(errorMessage(error, t('choosePassword.failed')), 'error')
        },
      },
    )
  }

  const field = (key: Field, label: string, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        name={key}
        type="password"
        autoComplete={autoComplete}
        value={values[key]}
        onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        ref={key === 'oldPassword' ? firstRef : undefined}
        required
      />
      {errors[key] ? (
        <span className="field-error" id={`${id}-${key}-error`}>
          {errors[key]}
        </span>
      ) : null}
    </div>
  )

  return (
    <main className="login-page" id="main">
      <form className="card login-card" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
        <h1 id={`${id}-title`}>{t('choosePassword.title')}</h1>
        <p className="muted">
          {richT('choosePassword.intro', {
            username: user.username,
            min: MIN_LENGTH,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
        {field('oldPassword', t('choosePassword.old'), 'current-password')}
        {field('password', t('choosePassword.new'), 'new-password')}
        {field('confirm', t('choosePassword.confirm'), 'new-password')}
        <button type="submit" className="button button-primary button-block" disabled={choose.isPending}>
          {choose.isPending ? t('choosePassword.saving') : t('choosePassword.save')}
        </button>
        <button type="button" className="button button-block" onClick={() => logout.mutate()} disabled={logout.isPending}>
          {t('choosePassword.signOut')}
        </button>
        <Flash message={flash.message} />
      </form>
    </main>
  )
}
