import { type FormEvent, useEffect, useId, useState } from 'react'
import { AdminPageError, AdminPageLoading } from '../../components/admin-page-state'
import { TextFieldList, type TextFieldSpec } from '../../components/field'
import { Flash, useFlash } from '../../components/flash'
import { ApiError, errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { settingsPayload, type UserDetails, useUpdateUserSettings, useUserDetails } from './api'
import './settings.css'

interface FormValues {
  username: string
  email: string
  oldPassword: string
  password: string
}

const formFrom = (user: UserDetails): FormValues => ({
  username: user.username,
  email: user.email ?? '',
  oldPassword: '',
  password: '',
})

const FIELDS: TextFieldSpec<keyof FormValues>[] = [
  { key: 'username', label: 'Username', autoComplete: 'username' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    key: 'oldPassword',
    label: 'Old Password',
    type: 'password',
    autoComplete: 'current-password',
    placeholder: 'Enter old password (if applicable)',
  },
  { key: 'password', label: 'New Password', type: 'password', autoComplete: 'new-password', placeholder: 'Enter new password' },
]

/**
 * docs/reference/league-admin.md User Settings: avatar circle and username; Edit Settings toggles the form (Username,
 * Email, Old Password, New Password, Save Changes, Cancel Edit). docs/reference/league-admin.md §8 messages.
 */
export function UserSettingsPage() {
  const { user: signedIn } = useAuth()
  const details = useUserDetails(signedIn?.id)
  const update = useUpdateUserSettings(signedIn?.id ?? 0)
  const flash = useFlash()
  const id = useId()
  const [editing, setEditing] = useState(false)
  const [values, setValues] = useState<FormValues>({ username: '', email: '', oldPassword: '', password: '' })
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})

  useEffect(() => {
    document.title = 'User Settings · Courtside'
  }, [])

  if (details.isPending) return <AdminPageLoading text="Loading your settings..." />
  if (details.isError) return <AdminPageError message="Failed to fetch user details" onRetry={() => details.refetch()} />

  const user = details.data
  const initial = (user.username.trim()[0] ?? '?').toUpperCase()
  const toggle = () => {
    if (!editing) setValues(formFrom(user))
    setFieldErrors({})
    setEditing(!editing)
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setFieldErrors({})
    update.mutate(settingsPayload(values, user), {
      onSuccess: (saved) => {
        // docs/reference/league-admin.md §4: the password fields clear after success.
        setValues(formFrom(saved))
        setEditing(false)
        flash.show('User updated successfully')
      },
      onError: (error) => {
        setFieldErrors(error instanceof ApiError && error.fields ? error.fields : {})
        flash.show(errorMessage(error, 'Failed to update user'), 'error')
      },
    })
  }

  return (
    <section className="admin-page user-settings">
      <h1 className="page-title">User Settings</h1>
      <div className="card settings-card">
        <div className="settings-identity">
          <span className="settings-avatar" aria-hidden="true">
            {initial}
          </span>
          <div className="settings-who">
            <p className="settings-username">{user.username}</p>
            {user.email ? <p className="muted settings-email">{user.email}</p> : null}
          </div>
          <button type="button" className="button" aria-expanded={editing} onClick={toggle}>
            {editing ? 'Cancel Edit' : 'Edit Settings'}
          </button>
        </div>
        <Flash message={flash.message} />
        {editing ? (
          <form className="form-stack settings-form" onSubmit={submit} noValidate>
            <TextFieldList
              idPrefix={id}
              fields={FIELDS}
              values={values}
              error={(key) => fieldErrors[key]}
              onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
            />
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={update.isPending}>
                {update.isPending ? 'Saving...' : 'Save Changes'}
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </section>
  )
}
