import { type FormEvent, useEffect, useId, useState } from 'react'
import { CaptionedTable } from '../../components/captioned-table'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { TextField } from '../../components/field'
import { Flash, useFlash } from '../../components/flash'
import { FormModal } from '../../components/form-modal'
import { Options, OptionsField, optionsOf } from '../../components/select-field'
import { ErrorState, Loading } from '../../components/status'
import { TemporaryPasswordModal } from '../../components/temporary-password-modal'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { type OrganizationMember, useAddMember, useChangeRole, useMembers, useRemoveMember, useResetPassword } from './api'

const ROLE_NAMES: Record<OrganizationMember['role'], string> = {
  super_admin: 'Super Admin',
  org_owner: 'Organization Owner',
  staff: 'Staff',
}

/** The roles an owner gives: staff first, as a new account is staff unless chosen otherwise. */
const ROLE_OPTIONS = optionsOf({ staff: ROLE_NAMES.staff, org_owner: ROLE_NAMES.org_owner })

/**
 * Decision (docs/reference/public-site.md leaves the owner without a screen for it): an organization owner runs their
 * organization's accounts — adds staff or owners (a temporary password, shown once and changed at
 * the next sign-in), changes a role, resets a password, removes an account — never their own role
 * or account here, and never another organization's (the API scopes every call to the owner's).
 */
export function UsersPage() {
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
          flash.show(`${result.user.username} added`)
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
        flash.show(`${removing.username} removed`)
        setRemoving(null)
      },
    })
  }

  useEffect(() => {
    document.title = 'Users · Courtside'
  }, [])

  const confirmReset = () => {
    if (!confirming) return
    reset.mutate(confirming, {
      onSuccess: (result) => {
        setConfirming(null)
        setIssued({ username: result.user.username, password: result.tempPassword })
        flash.show('Password reset')
      },
    })
  }

  return (
    <section className="admin-page">
      <div className="page-heading">
        <h1 className="page-title">Users</h1>
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
          Add User
        </button>
      </div>
      <Flash message={flash.message} />
      {members.isPending ? <Loading text="Loading users..." /> : null}
      {members.isError ? <ErrorState message="Failed to fetch users" onRetry={() => members.refetch()} /> : null}
      {members.data ? (
        <CaptionedTable
          className="data-table"
          caption="Users of your organization"
          headers={['Username', 'Email', 'Role', 'Password']}
        >
          {members.data.map((member) => (
            <tr key={member.id}>
              <td>{member.username}</td>
              <td>{member.email ?? '—'}</td>
              <td>
                {member.id === me?.id || member.role === 'super_admin' ? (
                  ROLE_NAMES[member.role]
                ) : (
                  <select
                    aria-label={`Role of ${member.username}`}
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(event) => {
                      // Read now: React puts the controlled select back until the list reloads.
                      const role = event.target.value as 'org_owner' | 'staff'
                      changeRole.mutate(
                        { member, role },
                        {
                          onSuccess: () => flash.show(`${member.username} is now ${ROLE_NAMES[role]}`),
                          onError: (error) => flash.show(errorMessage(error, 'Failed to update user'), 'error'),
                        },
                      )
                    }}
                  >
                    <Options options={ROLE_OPTIONS} />
                  </select>
                )}
              </td>
              <td>
                {member.id === me?.id ? (
                  <span className="muted">You (change it in User Settings)</span>
                ) : (
                  <button
                    type="button"
                    className="button"
                    aria-label={`Reset password of ${member.username}`}
                    onClick={() => ask(reset, setConfirming, member)}
                  >
                    Reset password
                  </button>
                )}
                {member.resetPassword ? <span className="muted"> Temporary password not changed yet</span> : null}
                {member.id === me?.id ? null : (
                  <button
                    type="button"
                    className="button"
                    aria-label={`Remove ${member.username}`}
                    onClick={() => ask(remove, setRemoving, member)}
                  >
                    Remove
                  </button>
                )}
              </td>
            </tr>
          ))}
        </CaptionedTable>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title="Reset password"
        message={
          confirming
            ? `Give ${confirming.username} a temporary password? They are signed out everywhere and must choose a new password at their next sign-in.`
            : ''
        }
        confirmLabel="Reset password"
        busy={reset.isPending}
        error={reset.isError ? errorMessage(reset.error, 'Error resetting password') : null}
        onConfirm={confirmReset}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove user"
        message={removing ? `Remove ${removing.username}? Their account is deleted and they are signed out everywhere.` : ''}
        confirmLabel="Remove"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Failed to remove user') : null}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
      {adding ? (
        <FormModal
          title="Add User"
          onClose={() => setAdding(false)}
          formId={formId}
          onSubmit={submitAdd}
          submitLabel="Add User"
          busy={add.isPending}
          alerts={[add.isError ? errorMessage(add.error, 'Failed to add user') : null]}
        >
          <TextField
            id={`${formId}-username`}
            label="Username"
            value={newName}
            onChange={setNewName}
            autoComplete="off"
            required
          />
          <TextField
            id={`${formId}-email`}
            label="Email (optional)"
            type="email"
            value={newEmail}
            onChange={setNewEmail}
            autoComplete="off"
          />
          <OptionsField
            id={`${formId}-role`}
            label="Role"
            value={newRole}
            options={ROLE_OPTIONS}
            onChange={(role) => setNewRole(role as 'staff')}
          />
          <p className="muted">A temporary password is shown once; they choose their own at the first sign-in.</p>
        </FormModal>
      ) : null}
      <TemporaryPasswordModal issued={issued} onClose={() => setIssued(null)} />
    </section>
  )
}
