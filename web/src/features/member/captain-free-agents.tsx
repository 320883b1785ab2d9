import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSite } from '../../app/site-context'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { api, errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { withTenant } from './tenant-query'

interface FreeAgent {
  id: number
  playerName: string | null
  availability: string | null
  answers: Record<string, string>
}

/** docs/registration.md "Staff" (free agents): the captain sees the league's pool and adds a player in one click. */
export function CaptainFreeAgents({ sltId, disabled }: { sltId: number; disabled: boolean }) {
  const t = useT()
  const { tenant } = useSite()
  const queryClient = useQueryClient()
  const pool = useQuery({
    queryKey: ['member', 'team', sltId, 'free-agents'],
    queryFn: () =>
      api
        .get<{ freeAgents: FreeAgent[] }>(withTenant(`/api/member/teams/${sltId}/free-agents`, tenant))
        .then((b) => b.freeAgents),
  })
  const place = useMutation({
    mutationFn: (id: number) => api.post<unknown>(withTenant(`/api/member/teams/${sltId}/free-agents/${id}`, tenant)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['member', 'team', sltId] }),
  })
  return (
    <section className="member-section" aria-labelledby="free-agents-title">
      <h2 className="section-title" id="free-agents-title">
        {t('register.pool')}
      </h2>
      {place.isError ? (
        <p className="state state-error" role="alert">
          {errorMessage(place.error, t('register.failed'))}
        </p>
      ) : place.isSuccess ? (
        <p role="status">{t('register.poolPlaced')}</p>
      ) : null}
      {pool.isPending ? (
        <Loading />
      ) : pool.isError ? (
        <ErrorState message={errorMessage(pool.error, t('register.loadError'))} />
      ) : pool.data.length === 0 ? (
        <EmptyState>{t('register.poolEmpty')}</EmptyState>
      ) : (
        <ul className="member-list">
          {pool.data.map((r) => (
            <li key={r.id} className="member-item">
              <span className="member-item-main">{r.playerName}</span>
              <span className="member-item-detail">
                {[r.availability, ...Object.values(r.answers)].filter(Boolean).join(' · ')}
              </span>
              <button
                type="button"
                className="button button-primary"
                disabled={disabled || place.isPending}
                onClick={() => place.mutate(r.id)}
              >
                {t('register.poolAdd', { name: r.playerName ?? '' })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
