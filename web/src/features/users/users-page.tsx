import { useEffect, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Flash, useFlash } from '../../components/flash'
import { Modal } from '../../components/modal'
import { ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../auth/api'
import { type OrganizationMember, useMembers, useResetPassword } from './api'

const ROLE_NAMES: Record<OrganizationMember['role'], string> = {
  super_admin: 'Super Admin',
  org_owner: 'Organization Owner',
  staff: 'Staff',
}

/**
 * Decision (spec 01 leaves the owner without a screen for it): an organization owner sees their
 * organization's users and can reset a password; the temporary password is shown once and must be
 * changed at the user's next sign-in (issue 8).
 */
export function UsersPage() {
  const { user: me } = useAuth()
  const members = useMembers()
  const reset = useResetPassword()
  const flash = useFlash()
  const [confirming, setConfirming] = useState<OrganizationMember | null>(null)
  const [issued, setIssued] = useState<{ username: string; password: string } | null>(null)

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
      <h1 className="page-title">Users</h1>
      <Flash message={flash.message} />
      {members.isPending ? <Loading text="Loading users..." /> : null}
      {members.isError ? <ErrorState message="Failed to fetch users" onRetry={() => members.refetch()} /> : null}
      {members.data ? (
        <table className="data-table">
          <caption className="visually-hidden">Users of your organization</caption>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Password</th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((member) => (
              <tr key={member.id}>
                <td>{member.username}</td>
                <td>{member.email ?? '—'}</td>
                <td>{ROLE_NAMES[member.role]}</td>
                <td>
                  {member.id === me?.id ? (
                    <span className="muted">You (change it in User Settings)</span>
                  ) : (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Reset password of ${member.username}`}
                      onClick={() => {
                        reset.reset()
                        setConfirming(member)
                      }}
                    >
                      Reset password
                    </button>
                  )}
                  {member.resetPassword ? <span className="muted"> Temporary password not changed yet</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
      <Modal
        open={issued !== null}
        title="Temporary password"
        size="small"
        onClose={() => setIssued(null)}
        footer={
          <button type="button" className="button button-primary" onClick={() => setIssued(null)} data-autofocus>
            OK
          </button>
        }
      >
        {issued ? (
          <p role="alert">
            Temporary password: <code className="temp-password">{issued.password}</code>
            <br />
            <span className="muted">Give it to {issued.username}; it is shown only once.</span>
          </p>
        ) : null}
      </Modal>
    </section>
  )
}
