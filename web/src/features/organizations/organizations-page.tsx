import { type MouseEvent, type ReactNode, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type Column, DataTable } from '../../components/data-table'
import { Flash, useFlash } from '../../components/flash'
import { EditIcon, TrashIcon } from '../../components/icons'
import { TemporaryPasswordModal } from '../../components/temporary-password-modal'
import { ApiError, errorMessage } from '../../lib/api-client'
import { useRichT, useT } from '../../lib/i18n'
import { useAdminTitle } from '../../lib/use-admin-title'
import {
  type NewUserInput,
  type Organization,
  type OrganizationInput,
  type OrganizationUser,
  type Sport,
  useCheckCustomHostname,
  useCreateOrganization,
  useCreateUser,
  useDeleteOrganization,
  useDeleteUser,
  useOrganization,
  useOrganizations,
  useUpdateOrganization,
  useUpdateUser,
} from './api'
import { CustomDomainPanel, CustomDomainsOffNote, CustomHostnameBadge } from './custom-domain'
import { OrganizationFormModal } from './organization-form-modal'
import { ROLE_LABELS, UserFormModal, type UserFormValues } from './user-form-modal'

type Dialog =
  | { kind: 'create-organization' }
  | { kind: 'edit-organization'; organization: Organization }
  | { kind: 'delete-organization'; organization: Organization }
  | { kind: 'create-user'; organization: Organization }
  | { kind: 'edit-user'; user: OrganizationUser }
  | { kind: 'delete-user'; user: OrganizationUser }
  | { kind: 'temp-password'; username: string; password: string }

// docs/reference/public-site.md §8: each alert first shows the server's message, else these (catalog keys).
const ERRORS = {
  createOrganization: 'admin.organizations.createFailed',
  createUser: 'admin.organizations.createUserFailed',
  updateOrganization: 'admin.organizations.updateFailed',
  updateUser: 'admin.organizations.updateUserFailed',
  deleteUser: 'admin.organizations.deleteUserFailed',
  deleteOrganization: 'admin.organizations.deleteFailed',
} as const

const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>

const sportNames = (sports: Pick<Sport, 'name'>[] | undefined) =>
  sports?.length ? sports.map((sport) => sport.name).join(', ') : '—'
const fieldsOf = (error: unknown) => (error instanceof ApiError ? error.fields : undefined)

/** docs/reference/public-site.md §2.10: the super admin's list of organizations and their users. */
export function OrganizationsPage() {
  const t = useT()
  const rich = useRichT()
  const organizations = useOrganizations()
  const [expandedId, setExpandedId] = useState<number | null>(null)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const flash = useFlash()

  const createOrganization = useCreateOrganization()
  const updateOrganization = useUpdateOrganization()
  const deleteOrganization = useDeleteOrganization()
  const createUser = useCreateUser()
  const updateUser = useUpdateUser()
  const deleteUser = useDeleteUser()
  const checkHostname = useCheckCustomHostname()
  const hostnamesEnabled = organizations.data?.customHostnamesEnabled ?? false

  useAdminTitle(t('admin.organizations.title'))

  const open = (next: Dialog) => {
    for (const mutation of [createOrganization, updateOrganization, deleteOrganization, createUser, updateUser, deleteUser]) {
      mutation.reset()
    }
    setDialog(next)
  }
  const close = () => setDialog(null)

  const submitOrganization = (input: OrganizationInput) => {
    if (dialog?.kind === 'edit-organization') {
      const domainChanged = input.domain.trim().toLowerCase() !== (dialog.organization.domain ?? '')
      updateOrganization.mutate(
        { id: dialog.organization.id, input },
        {
          onSuccess: (organization) => {
            close()
            // A new domain's DNS records and status show in the organization's expanded row.
            if (domainChanged && organization.domain) setExpandedId(organization.id)
            flash.show(t('admin.organizations.updated'))
          },
        },
      )
    } else {
      createOrganization.mutate(input, {
        onSuccess: (organization) => {
          close()
          setExpandedId(organization.id)
          flash.show(t('admin.organizations.created'))
        },
      })
    }
  }

  const showTempPassword = (username: string, password: string | undefined, success: string) => {
    if (password) setDialog({ kind: 'temp-password', username, password })
    else close()
    flash.show(success)
  }

  const submitUser = (values: UserFormValues) => {
    if (dialog?.kind === 'edit-user') {
      const { user } = dialog
      updateUser.mutate(
        {
          id: user.id,
          organizationId: user.organization_id,
          input: {
            username: values.username,
            email: values.email,
            role: values.role === 'super_admin' ? undefined : values.role,
            resetPassword: values.resetPassword,
            sportIds: values.sportIds,
          },
        },
        {
          onSuccess: (result) =>
            showTempPassword(result.user.username, result.tempPassword, t('admin.organizations.userUpdated')),
        },
      )
    } else if (dialog?.kind === 'create-user') {
      createUser.mutate(
        {
          username: values.username,
          email: values.email,
          password: values.password,
          // Creating, the form offers only owner and staff (UserFormModal's roles).
          role: values.role as NewUserInput['role'],
          organization_id: dialog.organization.id,
          sportIds: values.sportIds,
        },
        {
          onSuccess: (result) =>
            showTempPassword(result.user.username, result.tempPassword, t('admin.organizations.userCreated')),
        },
      )
    }
  }

  const checkNow = (organization: Organization) => {
    checkHostname.mutate(organization.id, {
      onSuccess: (checked) => {
        const status = checked.customHostname?.status
        if (status === 'failed')
          flash.show(
            t('admin.organizations.domainFailed', {
              error: checked.customHostname?.error ?? t('admin.organizations.seeDetails'),
            }),
            'error',
          )
        else flash.show(status === 'active' ? t('admin.organizations.domainActive') : t('admin.organizations.domainPending'))
      },
    })
  }

  const confirmDelete = () => {
    if (dialog?.kind === 'delete-organization') {
      const { organization } = dialog
      deleteOrganization.mutate(organization.id, {
        onSuccess: () => {
          close()
          if (expandedId === organization.id) setExpandedId(null)
          flash.show(t('admin.organizations.deleted'))
        },
        onError: (error) => {
          close()
          flash.show(errorMessage(error, t(ERRORS.deleteOrganization)), 'error')
        },
      })
    } else if (dialog?.kind === 'delete-user') {
      deleteUser.mutate(
        { id: dialog.user.id, organizationId: dialog.user.organization_id },
        {
          onSuccess: () => {
            close()
            flash.show(t('admin.organizations.userDeleted'))
          },
          onError: (error) => {
            close()
            flash.show(errorMessage(error, t(ERRORS.deleteUser)), 'error')
          },
        },
      )
    }
  }

  const columns: Column<Organization>[] = [
    { key: 'name', header: t('admin.organizations.name'), render: (organization) => <strong>{organization.name}</strong> },
    {
      key: 'domain',
      header: t('admin.organizations.domain'),
      render: (organization) =>
        organization.domain ? (
          <>
            {organization.domain}
            {organization.customHostname ? <CustomHostnameBadge customHostname={organization.customHostname} /> : null}
          </>
        ) : (
          '—'
        ),
    },
    { key: 'sports', header: t('admin.organizations.sports'), render: (organization) => sportNames(organization.sports) },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('admin.organizations.actions')}</span>,
      className: 'cell-actions',
      render: (organization) => (
        <RowActions
          label={organization.name}
          onEdit={() => open({ kind: 'edit-organization', organization })}
          onDelete={() => open({ kind: 'delete-organization', organization })}
        />
      ),
    },
  ]

  const orgMutation = dialog?.kind === 'edit-organization' ? updateOrganization : createOrganization
  const userMutation = dialog?.kind === 'edit-user' ? updateUser : createUser

  return (
    <section className="admin-page">
      <div className="page-heading">
        <h1 className="page-title">{t('admin.organizations.title')}</h1>
        <button type="button" className="button button-primary" onClick={() => open({ kind: 'create-organization' })}>
          {t('admin.organizations.create')}
        </button>
      </div>
      <Flash message={flash.message} />
      {organizations.data && !hostnamesEnabled ? <CustomDomainsOffNote /> : null}
      <DataTable
        caption={t('admin.organizations.title')}
        columns={columns}
        rows={organizations.data?.organizations}
        rowKey={(organization) => organization.id}
        isLoading={organizations.isPending}
        error={organizations.isError ? t('admin.organizations.loadFailed') : null}
        onRetry={() => organizations.refetch()}
        emptyText={t('admin.organizations.empty')}
        loadingText={t('admin.organizations.loading')}
        onRowClick={(organization) => setExpandedId((id) => (id === organization.id ? null : organization.id))}
        rowLabel={(organization) => t('admin.organizations.showUsers', { name: organization.name })}
        isExpanded={(organization) => organization.id === expandedId}
        renderExpanded={(organization) => (
          <>
            <CustomDomainPanel
              domain={organization.domain}
              customHostname={organization.customHostname}
              enabled={hostnamesEnabled}
              checking={checkHostname.isPending && checkHostname.variables === organization.id}
              checkError={
                checkHostname.isError && checkHostname.variables === organization.id
                  ? errorMessage(checkHostname.error, t('admin.organizations.checkFailed'))
                  : null
              }
              onCheck={() => checkNow(organization)}
            />
            <OrganizationUsers
              organization={organization}
              onCreate={() => open({ kind: 'create-user', organization })}
              onEdit={(user) => open({ kind: 'edit-user', user })}
              onDelete={(user) => open({ kind: 'delete-user', user })}
            />
          </>
        )}
      />

      {dialog?.kind === 'create-organization' || dialog?.kind === 'edit-organization' ? (
        <OrganizationFormModal
          organization={dialog.kind === 'edit-organization' ? dialog.organization : null}
          busy={orgMutation.isPending}
          error={
            orgMutation.isError
              ? errorMessage(
                  orgMutation.error,
                  t(dialog.kind === 'edit-organization' ? ERRORS.updateOrganization : ERRORS.createOrganization),
                )
              : null
          }
          serverFields={fieldsOf(orgMutation.error)}
          onSubmit={submitOrganization}
          onClose={close}
        />
      ) : null}

      {dialog?.kind === 'create-user' || dialog?.kind === 'edit-user' ? (
        <UserFormModal
          user={dialog.kind === 'edit-user' ? dialog.user : null}
          busy={userMutation.isPending}
          error={
            userMutation.isError
              ? errorMessage(userMutation.error, t(dialog.kind === 'edit-user' ? ERRORS.updateUser : ERRORS.createUser))
              : null
          }
          serverFields={fieldsOf(userMutation.error)}
          onSubmit={submitUser}
          onClose={close}
        />
      ) : null}

      <ConfirmDialog
        open={dialog?.kind === 'delete-organization'}
        title={t('admin.organizations.deleteTitle')}
        message={
          dialog?.kind === 'delete-organization' ? (
            <p>{rich('admin.organizations.deleteQuestion', { name: dialog.organization.name, strong: bold })}</p>
          ) : null
        }
        busy={deleteOrganization.isPending}
        onConfirm={confirmDelete}
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-user'}
        title={t('admin.organizations.deleteUserTitle')}
        message={
          dialog?.kind === 'delete-user' ? (
            <p>{rich('admin.organizations.deleteUserQuestion', { username: dialog.user.username, strong: bold })}</p>
          ) : null
        }
        busy={deleteUser.isPending}
        onConfirm={confirmDelete}
        onCancel={close}
      />
      <TemporaryPasswordModal issued={dialog?.kind === 'temp-password' ? dialog : null} onClose={close} />
    </section>
  )
}

/** A row button's click, kept from the row (whose own click expands it). */
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation()
  action()
}

function RowActions({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  const t = useT()
  return (
    <div className="row-actions">
      <button
        type="button"
        className="icon-button"
        aria-label={t('admin.organizations.editOf', { name: label })}
        title={t('admin.organizations.edit')}
        onClick={only(onEdit)}
      >
        <EditIcon />
      </button>
      <button
        type="button"
        className="icon-button icon-danger"
        aria-label={t('admin.organizations.deleteOf', { name: label })}
        title={t('admin.organizations.delete')}
        onClick={only(onDelete)}
      >
        <TrashIcon />
      </button>
    </div>
  )
}

interface OrganizationUsersProps {
  organization: Organization
  onCreate: () => void
  onEdit: (user: OrganizationUser) => void
  onDelete: (user: OrganizationUser) => void
}

/** docs/reference/public-site.md §4: expanding an organization loads its users. */
function OrganizationUsers({ organization, onCreate, onEdit, onDelete }: OrganizationUsersProps) {
  const t = useT()
  const detail = useOrganization(organization.id)
  const columns: Column<OrganizationUser>[] = [
    { key: 'username', header: t('admin.organizations.username'), render: (user) => user.username },
    { key: 'email', header: t('admin.organizations.email'), render: (user) => user.email || '—' },
    {
      key: 'role',
      header: t('admin.organizations.role'),
      render: (user) => (ROLE_LABELS[user.role] ? t(ROLE_LABELS[user.role]) : user.role),
    },
    { key: 'sports', header: t('admin.organizations.sports'), render: (user) => sportNames(user.sports) },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('admin.organizations.actions')}</span>,
      className: 'cell-actions',
      render: (user) => <RowActions label={user.username} onEdit={() => onEdit(user)} onDelete={() => onDelete(user)} />,
    },
  ]
  return (
    <div className="org-users">
      <div className="page-heading">
        <h2 className="section-title">{t('admin.organizations.usersOf', { name: organization.name })}</h2>
        <button type="button" className="button button-small button-primary" onClick={onCreate}>
          {t('admin.organizations.createUser')}
        </button>
      </div>
      <DataTable
        caption={t('admin.organizations.usersOf', { name: organization.name })}
        columns={columns}
        rows={detail.data?.users}
        rowKey={(user) => user.id}
        isLoading={detail.isPending}
        loadingText={t('admin.organizations.loadingUsers')}
        error={detail.isError ? t('admin.organizations.usersFailed') : null}
        onRetry={() => detail.refetch()}
        emptyText={t('admin.organizations.noUsers')}
      />
    </div>
  )
}
