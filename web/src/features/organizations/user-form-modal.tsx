import { type FormEvent, useId, useState } from 'react'
import { CheckboxField, Field } from '../../components/field'
import { FormModal } from '../../components/form-modal'
import { OptionsField } from '../../components/select-field'
import { useT } from '../../lib/i18n'
import { type OrganizationUser, type Role, useSports } from './api'
import { SportsFieldset } from './sports-fieldset'

export interface UserFormValues {
  username: string
  email: string
  password: string
  role: Role
  resetPassword: boolean
  sportIds: number[]
}

interface UserFormModalProps {
  /** Absent when creating. */
  user?: OrganizationUser | null
  busy: boolean
  error: string | null
  serverFields?: Record<string, string>
  onSubmit: (values: UserFormValues) => void
  onClose: () => void
}

/** docs/reference/public-site.md §6: the roles a form may assign, as catalog keys (i18n/<language>/admin.json). */
export const ROLE_LABELS: Record<Role, string> = {
  org_owner: 'admin.users.roleOwner',
  staff: 'admin.users.roleStaff',
  super_admin: 'admin.users.roleSuperAdmin',
}

/** docs/reference/public-site.md §2.10 Create User / Edit User; §5: username required, e-mail trimmed on edit. */
export function UserFormModal({ user, busy, error, serverFields, onSubmit, onClose }: UserFormModalProps) {
  const t = useT()
  const editing = Boolean(user)
  const [values, setValues] = useState<UserFormValues>(() => ({
    username: user?.username ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? 'staff',
    resetPassword: false,
    sportIds: user?.sportIds ?? user?.sports?.map((sport) => sport.id) ?? [],
  }))
  const [usernameError, setUsernameError] = useState<string | null>(null)
  const sports = useSports()
  const id = useId()
  const formId = `${id}-form`
  const set = <Key extends keyof UserFormValues>(key: Key, value: UserFormValues[Key]) =>
    setValues((current) => ({ ...current, [key]: value }))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!values.username.trim()) {
      setUsernameError(t('admin.organizations.user.usernameRequired'))
      return
    }
    setUsernameError(null)
    onSubmit({ ...values, username: values.username.trim(), email: values.email.trim() })
  }

  // A super admin being edited keeps their role; the form only assigns owner or staff.
  const roles: Role[] = user?.role === 'super_admin' ? ['super_admin', 'org_owner', 'staff'] : ['org_owner', 'staff']
  const problem = (key: string) => (key === 'username' ? (usernameError ?? serverFields?.username) : serverFields?.[key])

  return (
    <FormModal
      title={editing ? t('admin.organizations.user.editTitle') : t('admin.organizations.createUser')}
      onClose={onClose}
      formId={formId}
      onSubmit={submit}
      submitLabel={editing ? t('admin.organizations.user.save') : t('admin.organizations.createUser')}
      busy={busy}
      alerts={[error]}
    >
      <Field id={`${id}-username`} label={t('admin.organizations.username')} error={problem('username')}>
        <input
          id={`${id}-username`}
          autoComplete="off"
          value={values.username}
          required
          aria-invalid={problem('username') ? true : undefined}
          onChange={(event) => set('username', event.target.value)}
        />
      </Field>
      <Field id={`${id}-email`} label={t('admin.organizations.email')} error={problem('email')}>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={values.email}
          aria-invalid={problem('email') ? true : undefined}
          onChange={(event) => set('email', event.target.value)}
        />
      </Field>
      {editing ? (
        <CheckboxField
          id={`${id}-reset`}
          label={t('admin.organizations.user.resetPassword')}
          checked={values.resetPassword}
          onChange={(checked) => set('resetPassword', checked)}
        />
      ) : (
        <Field id={`${id}-password`} label={t('admin.organizations.user.password')} error={problem('password')}>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            value={values.password}
            aria-describedby={`${id}-password-hint`}
            onChange={(event) => set('password', event.target.value)}
          />
          <span className="field-hint" id={`${id}-password-hint`}>
            {t('admin.organizations.user.passwordHint')}
          </span>
        </Field>
      )}
      <OptionsField
        id={`${id}-role`}
        label={t('admin.organizations.role')}
        value={values.role}
        options={roles.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) }))}
        onChange={(role) => set('role', role as Role)}
      />
      <SportsFieldset sports={sports} selected={values.sportIds} onChange={(ids) => set('sportIds', ids)} idPrefix={id} />
    </FormModal>
  )
}
