import { type FormEvent, useId, useState } from 'react'
import { CaptionedTable } from '../../components/captioned-table'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { TextField } from '../../components/field'
import { Flash, useFlash } from '../../components/flash'
import { FormModal } from '../../components/form-modal'
import { Options, OptionsField, optionsOf } from '../../components/select-field'
import { ErrorState, Loading } from '../../components/status'
import { TableScroll } from '../../components/table-scroll'
import { TemporaryPasswordModal } from '../../components/temporary-password-modal'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { type Translate, useT } from '../../lib/i18n'
import { useAdminTitle } from '../../lib/use-admin-title'
import { type OrganizationMember, useAddMember, useChangeRole, useMembers, useRemoveMember, useResetPassword } from './api'

/** Each role's catalog key (i18n/<language>/admin.json). */
const ROLE_KEYS: Record<OrganizationMember['role'], string> = {
  super_admin: 'admin.users.roleSuperAdmin',
  org_owner: 'admin.users.roleOwner',
  staff: 'admin.users.roleStaff',
}

/** The roles an owner gives: staff first, as a new account is staff unless chosen otherwise. */
const roleOptions = (t: Translate) => optionsOf({ staff: t(ROLE_KEYS.staff), org_owner: t(ROLE_KEYS.org_owner) })

/**
 * Decision (docs/reference/public-site.md leaves the owner without a screen for it): an organization owner runs their
 * organization's accounts — adds staff or owners (a temporary password, shown once and changed at
 * the next sign-in), changes a role, resets a password, removes an account — never their own role
 * or account here, and never another organization's (the API scopes every call to the owner's).
 */
export function UsersPage() {
  const t = useT()
  const { user: me } = useAuth()
  const members = useMembers()
  const reset = useResetPassword()
  const flash = useFlash()
  const [confirming, setConfirming] = useState<OrganizationMember | null>(null)
  const [issued, setIssued] = useState<{ username: string; password: string } | null>(null)
  const add = useAddMember()
  const changeRole = useChangeRole()
  const remove = useRemoveMember()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<OrganizationMember | null>(null)
  const formId = useId()
  const [newName, setNewName] = useState('')
  const [newEmail, setNewEmail] = useState('')
  const [newRole, setNewRole] = useState<'org_owner' | 'staff'>('staff')

  const submitAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    add.mutate(
      // A new account takes the owner's sports, so it can create seasons at once.
      { username: newName.trim(), email: newEmail.trim() || null, role: newRole, sportIds: me?.sports?.map((s) => s.id) ?? [] },
      {
        onSuccess: (result) => {
          setAdding(false)
          setIssued({ username: result.user.username, password: result.tempPassword })
          flash.show(t('admin.users.added', { username: result.user.username }))
        },
      },
    )
  }

  /** Opens a confirmation about the member, its mutation's last error forgotten. */
  const ask = (mutation: { reset: () => void }, open: (member: OrganizationMember) => void, member: OrganizationMember) => {
    mutation.reset()
    open(member)
  }

  const confirmRemove = () => {
    if (!removing) return
    remove.mutate(removing, {
      onSuccess: () => {
        flash.show(t('admin.users.removed', { username: removing.username }))
        setRemoving(null)
      },
    })
  }

  useAdminTitle(t('admin.users.title'))

  const confirmReset = () => {
    if (!confirming) return
    reset.mutate(confirming, {
      onSuccess: (result) => {
        setConfirming(null)
        setIssued({ username: result.user.username, password: result.tempPassword })
        flash.show(t('admin.users.passwordReset'))
      },
    })
  }

  return (
    <section className="admin-page">
      <div className="page-heading">
        <h1 className="page-title">{t('admin.users.title')}</h1>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            add.reset()
            setNewName('')
            setNewEmail('')
            setNewRole('staff')
            setAdding(true)
          }}
        >
          {t('admin.users.add')}
        </button>
      </div>
      <Flash message={flash.message} />
      {members.isPending ? <Loading text={t('admin.users.loading')} /> : null}
      {members.isError ? <ErrorState message={t('admin.users.loadFailed')} onRetry={() => members.refetch()} /> : null}
      {members.data ? (
        <TableScroll label={t('admin.users.caption')}>
          <CaptionedTable
            className="data-table"
            caption={t('admin.users.caption')}
            headers={[t('admin.users.username'), t('admin.users.email'), t('admin.users.role'), t('admin.users.password')]}
          >
            {members.data.map((member) => (
              <tr key={member.id}>
                <td>{member.username}</td>
                <td>{member.email ?? '—'}</td>
                <td>
                  {member.id === me?.id || member.role === 'super_admin' ? (
                    t(ROLE_KEYS[member.role])
                  ) : (
                    <select
                      aria-label={t('admin.users.roleOf', { username: member.username })}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) => {
                        // Read now: React puts the controlled select back until the list reloads.
                        const role = event.target.value as 'org_owner' | 'staff'
                        changeRole.mutate(
                          { member, role },
                          {
                            onSuccess: () =>
                              flash.show(t('admin.users.roleChanged', { username: member.username, role: t(ROLE_KEYS[role]) })),
                            onError: (error) => flash.show(errorMessage(error, t('admin.users.updateFailed')), 'error'),
                          },
                        )
                      }}
                    >
                      <Options options={roleOptions(t)} />
                    </select>
                  )}
                </td>
                <td>
                  {member.id === me?.id ? (
                    <span className="muted">{t('admin.users.you')}</span>
                  ) : (
                    <button
                      type="button"
                      className="button"
                      aria-label={t('admin.users.resetOf', { username: member.username })}
                      onClick={() => ask(reset, setConfirming, member)}
                    >
                      {t('admin.users.reset')}
                    </button>
                  )}
                  {member.resetPassword ? <span className="muted"> {t('admin.users.temporaryPending')}</span> : null}
                  {member.id === me?.id ? null : (
                    <button
                      type="button"
                      className="button"
                      aria-label={t('admin.users.removeOf', { username: member.username })}
                      onClick={() => ask(remove, setRemoving, member)}
                    >
                      {t('admin.users.remove')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </CaptionedTable>
        </TableScroll>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={t('admin.users.reset')}
        message={confirming ? t('admin.users.resetQuestion', { username: confirming.username }) : ''}
        confirmLabel={t('admin.users.reset')}
        busy={reset.isPending}
        error={reset.isError ? errorMessage(reset.error, t('admin.users.resetFailed')) : null}
        onConfirm={confirmReset}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('admin.users.removeTitle')}
        message={removing ? t('admin.users.removeQuestion', { username: removing.username }) : ''}
        confirmLabel={t('admin.users.remove')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('admin.users.removeFailed')) : null}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
      {adding ? (
        <FormModal
          title={t('admin.users.add')}
          onClose={() => setAdding(false)}
          formId={formId}
          onSubmit={submitAdd}
          submitLabel={t('admin.users.add')}
          busy={add.isPending}
          alerts={[add.isError ? errorMessage(add.error, t('admin.users.addFailed')) : null]}
        >
          <TextField
            id={`${formId}-username`}
            label={t('admin.users.username')}
            value={newName}
            onChange={setNewName}
            autoComplete="off"
            required
          />
          <TextField
            id={`${formId}-email`}
            label={t('admin.users.emailOptional')}
            type="email"
            value={newEmail}
            onChange={setNewEmail}
            autoComplete="off"
          />
          <OptionsField
            id={`${formId}-role`}
            label={t('admin.users.role')}
            value={newRole}
            options={roleOptions(t)}
            onChange={(role) => setNewRole(role as 'staff')}
          />
          <p className="muted">{t('admin.users.temporaryNote')}</p>
        </FormModal>
      ) : null}
      <TemporaryPasswordModal issued={issued} onClose={() => setIssued(null)} />
    </section>
  )
}
