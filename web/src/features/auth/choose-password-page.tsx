import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Flash, useFlash } from '../../components/flash'
import { ApiError, errorMessage } from '../../lib/api-client'
import { type AuthUser, useChooseNewPassword, useLogout } from '../../lib/auth'

const MIN_LENGTH = 8

type Field = 'oldPassword' | 'password' | 'confirm'

/**
 * docs/reference/trust-and-security.md: right after signing in with a temporary password (an admin's reset), the user chooses a
 * new one before anything else. The server applies the full rules (length, common passwords, the
 * username and organization); the length and the confirmation are checked here first.
 */
export function ChoosePasswordPage({ user }: { user: AuthUser }) {
  const choose = useChooseNewPassword(user.id)
  const logout = useLogout()
  const flash = useFlash()
  const id = useId()
  const [values, setValues] = useState<Record<Field, string>>({ oldPassword: '', password: '', confirm: '' })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const firstRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    document.title = 'Choose a new password'
    firstRef.current?.focus()
  }, [])

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (choose.isPending) return
    const found: Partial<Record<Field, string>> = {}
    if (!values.oldPassword) found.oldPassword = 'Temporary password is required'
    if (values.password.length < MIN_LENGTH) found.password = `Password must be at least ${MIN_LENGTH} characters`
    else if (values.password === values.oldPassword) found.password = 'Choose a password different from the current one'
    if (values.confirm !== values.password) found.confirm = 'Passwords do not match'
    setErrors(found)
    if (Object.keys(found).length > 0) return
    choose.mutate(
      { oldPassword: values.oldPassword, password: values.password },
      {
        onError: (error) => {
          setErrors(error instanceof ApiError && error.fields ? error.fields : {})
          flash.show(errorMessage(error, 'Failed to change password'), 'error')
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
        <h1 id={`${id}-title`}>Choose a new password</h1>
        <p className="muted">
          You signed in as <strong>{user.username}</strong> with a temporary password. Choose your own to continue: at least{' '}
          {MIN_LENGTH} characters, not a common password, and not your username or your organization's name.
        </p>
        {field('oldPassword', 'Temporary password', 'current-password')}
        {field('password', 'New password', 'new-password')}
        {field('confirm', 'Confirm new password', 'new-password')}
        <button type="submit" className="button button-primary button-block" disabled={choose.isPending}>
          {choose.isPending ? 'Saving...' : 'Save new password'}
        </button>
        <button type="button" className="button button-block" onClick={() => logout.mutate()} disabled={logout.isPending}>
          Sign out
        </button>
        <Flash message={flash.message} />
      </form>
    </main>
  )
}
