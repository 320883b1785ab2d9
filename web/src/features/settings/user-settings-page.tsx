import { type FormEvent, useId, useState } from 'react'
import { AdminPageError, AdminPageLoading } from '../../components/admin-page-state'
import { TextFieldList, type TextFieldSpec } from '../../components/field'
import { Flash, useFlash } from '../../components/flash'
import { ApiError, errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { rememberLanguage, switchLanguage, type Translate, useT } from '../../lib/i18n'
import { languageName, useShippedLanguages } from '../../lib/languages'
import { useAdminTitle } from '../../lib/use-admin-title'
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

const fieldsIn = (t: Translate): TextFieldSpec<keyof FormValues>[] => [
  { key: 'username', label: t('admin.settings.username'), autoComplete: 'username' },
  { key: 'email', label: t('admin.settings.email'), type: 'email', autoComplete: 'email' },
  {
    key: 'oldPassword',
    label: t('admin.settings.oldPassword'),
    type: 'password',
    autoComplete: 'current-password',
    placeholder: t('admin.settings.oldPasswordPlaceholder'),
  },
  {
    key: 'password',
    label: t('admin.settings.newPassword'),
    type: 'password',
    autoComplete: 'new-password',
    placeholder: t('admin.settings.newPasswordPlaceholder'),
  },
]

/**
 * The user's own dashboard language (docs/decisions/2026-11-28-dashboard-language.md): their
 * organization's (null) or any shipped language. Saved, the dashboard switches at once.
 */
function LanguageSettings({ user, organizationLanguage }: { user: UserDetails; organizationLanguage: string }) {
  const t = useT()
  const id = useId()
  const flash = useFlash()
  const update = useUpdateUserSettings(user.id)
  const [chosen, setChosen] = useState(user.language ?? '')
  const shipped = useShippedLanguages([organizationLanguage, user.language ?? ''])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    update.mutate(
      { language: chosen === '' ? null : chosen, version: user.version ?? null },
      {
        onSuccess: async (saved) => {
          const language = saved.language ?? organizationLanguage
          rememberLanguage(language)
          await switchLanguage(language, ['site', 'admin']).catch(() => undefined)
          flash.show(t('admin.settings.languageSaved'))
        },
        onError: (error) => flash.show(errorMessage(error, t('admin.settings.languageFailed')), 'error'),
      },
    )
  }
  const problem = update.error instanceof ApiError ? update.error.fields?.language : undefined
  return (
    <form className="card settings-card form-stack settings-language" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="settings-section-title">
        {t('admin.settings.languageTitle')}
      </h2>
      <Flash message={flash.message} />
      <div className="field">
        <label htmlFor={`${id}-language`}>{t('admin.settings.language')}</label>
        <select
          id={`${id}-language`}
          value={chosen}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">{t('admin.settings.languageDefault', { language: languageName(organizationLanguage) })}</option>
          {shipped.map((code) => (
            <option key={code} value={code} lang={code}>
              {languageName(code)}
            </option>
          ))}
        </select>
        <span className="field-hint" id={`${id}-hint`}>
          {t('admin.settings.languageHint')}
        </span>
        {problem ? (
          <span className="field-error" id={`${id}-error`}>
            {problem}
          </span>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={update.isPending || chosen === (user.language ?? '')}>
          {update.isPending ? t('admin.settings.saving') : t('admin.settings.saveLanguage')}
        </button>
      </div>
    </form>
  )
}

/**
 * docs/reference/league-admin.md User Settings: avatar circle and username; Edit Settings toggles the form (Username,
 * Email, Old Password, New Password, Save Changes, Cancel Edit). docs/reference/league-admin.md §8 messages.
 */
export function UserSettingsPage() {
  const t = useT()
  const { user: signedIn } = useAuth()
  const details = useUserDetails(signedIn?.id)
  const update = useUpdateUserSettings(signedIn?.id ?? 0)
  const flash = useFlash()
  const id = useId()
  const [editing, setEditing] = useState(false)
  const [values, setValues] = useState<FormValues>({ username: '', email: '', oldPassword: '', password: '' })
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})

  useAdminTitle(t('admin.settings.title'))

  if (details.isPending) return <AdminPageLoading text={t('admin.settings.loading')} />
  if (details.isError) return <AdminPageError message={t('admin.settings.loadFailed')} onRetry={() => details.refetch()} />

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
        flash.show(t('admin.settings.updated'))
      },
      onError: (error) => {
        setFieldErrors(error instanceof ApiError && error.fields ? error.fields : {})
        flash.show(errorMessage(error, t('admin.settings.updateFailed')), 'error')
      },
    })
  }

  return (
    <section className="admin-page user-settings">
      <h1 className="page-title">{t('admin.settings.title')}</h1>
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
            {editing ? t('admin.settings.cancelEdit') : t('admin.settings.edit')}
          </button>
        </div>
        <Flash message={flash.message} />
        {editing ? (
          <form className="form-stack settings-form" onSubmit={submit} noValidate>
            <TextFieldList
              idPrefix={id}
              fields={fieldsIn(t)}
              values={values}
              error={(key) => fieldErrors[key]}
              onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
            />
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={update.isPending}>
                {update.isPending ? t('admin.settings.saving') : t('admin.settings.save')}
              </button>
            </div>
          </form>
        ) : null}
      </div>
      <LanguageSettings user={user} organizationLanguage={signedIn?.organization?.language ?? 'en'} />
    </section>
  )
}
