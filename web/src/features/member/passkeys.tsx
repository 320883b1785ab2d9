// Passkeys on the member's pages (docs/members.md "Passkeys"): add one after signing in, list and
// remove them, and sign in with one. @simplewebauthn/browser is loaded only when a button is used.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useSite } from '../../app/site-context'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { api, errorMessage } from '../../lib/api-client'
import { formatDay } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { type Me, memberKeys } from './account-api'
import { type Tenant, tenantKey, tenantQuery, withTenant } from './tenant-query'

interface Passkey {
  id: number
  name: string | null
  createdAt: string
  lastUsedAt: string | null
}

const passkeysKey = (tenant: Tenant) => ['member', tenantKey(tenant), 'passkeys'] as const
const webAuthn = () => import('@simplewebauthn/browser')
/** Whether this browser can use passkeys at all (no button without it). */
const supported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'

/** A refusal of the browser's own dialog (cancelled, timed out) says nothing worth a red message. */
const cancelled = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')

export function PasskeySection() {
  const t = useT()
  const { tenant } = useSite()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const [removing, setRemoving] = useState<Passkey | null>(null)
  const list = useQuery({
    queryKey: passkeysKey(tenant),
    queryFn: () => api.get<{ passkeys: Passkey[] }>('/api/member/passkeys', tenantQuery(tenant)).then((b) => b.passkeys),
  })
  const add = useMutation({
    mutationFn: async () => {
      const { startRegistration } = await webAuthn()
      const optionsJSON = await api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        withTenant('/api/member/passkeys/register-options', tenant),
      )
      const response = await startRegistration({ optionsJSON })
      return api.post(withTenant('/api/member/passkeys/register', tenant), {
        response,
        name: t('memberAccount.passkeys.defaultName'),
      })
    },
    onSuccess: () => {
      setError(null)
      return queryClient.invalidateQueries({ queryKey: passkeysKey(tenant) })
    },
    onError: (failure) => setError(cancelled(failure) ? null : errorMessage(failure, t('memberAccount.passkeys.addFailed'))),
  })
  const remove = useMutation({
    mutationFn: (passkey: Passkey) => api.delete(withTenant(`/api/member/passkeys/${passkey.id}`, tenant)),
    onSuccess: () => {
      setRemoving(null)
      return queryClient.invalidateQueries({ queryKey: passkeysKey(tenant) })
    },
  })

  return (
    <section className="member-section" aria-labelledby="member-passkeys">
      <h2 id="member-passkeys">{t('memberAccount.passkeys.title')}</h2>
      <p>{t('memberAccount.passkeys.intro')}</p>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState message={t('memberAccount.passkeys.loadError')} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState>{t('memberAccount.passkeys.none')}</EmptyState>
      ) : (
        <ul className="member-list">
          {list.data.map((passkey) => (
            <li key={passkey.id} className="member-item">
              <span className="member-item-main">{passkey.name ?? t('memberAccount.passkeys.defaultName')}</span>
              <span className="member-item-detail">
                {t('memberAccount.passkeys.added', { date: formatDay(passkey.createdAt.slice(0, 10)) })}
              </span>
              <button type="button" className="button button-small" onClick={() => setRemoving(passkey)}>
                {t('memberAccount.passkeys.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className="state state-error" role="alert">
          {error}
        </p>
      ) : null}
      {supported() ? (
        <div className="member-actions">
          <button type="button" className="button" onClick={() => add.mutate()} disabled={add.isPending}>
            {t('memberAccount.passkeys.add')}
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('memberAccount.passkeys.removeTitle')}
        message={t('memberAccount.passkeys.removeMessage')}
        confirmLabel={t('memberAccount.passkeys.remove')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('memberAccount.passkeys.removeFailed')) : null}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => {
          setRemoving(null)
          remove.reset()
        }}
      />
    </section>
  )
}

/** "Sign in with a passkey" on the sign-in page: any passkey of this organization's members. */
export function PasskeySignIn() {
  const t = useT()
  const { tenant } = useSite()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const signIn = useMutation({
    mutationFn: async () => {
      const { startAuthentication } = await webAuthn()
      const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        withTenant('/api/member/passkeys/sign-in-options', tenant),
      )
      const response = await startAuthentication({ optionsJSON })
      return api.post<{ member: Me }>(withTenant('/api/member/passkeys/sign-in', tenant), { response }).then((b) => b.member)
    },
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.me(tenant), member)
      navigate(sitePath(tenant, 'member'), { replace: true })
    },
    onError: (failure) => setError(cancelled(failure) ? null : errorMessage(failure, t('memberAccount.passkeys.signInFailed'))),
  })
  if (!supported()) return null
  return (
    <div className="member-passkey-sign-in">
      <button type="button" className="button button-block" onClick={() => signIn.mutate()} disabled={signIn.isPending}>
        {t('memberAccount.passkeys.signIn')}
      </button>
      {error ? (
        <p className="state state-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
