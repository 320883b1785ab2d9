// The page an e-mail's "Unsubscribe" link opens (docs/notifications.md): it says what the link will
// switch off and does it on one tap — never on opening, so a mail scanner that follows links changes
// nothing. Mail programs use the same signed link with one POST (RFC 8058) without this page.
import { useMutation, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { useSite } from '../../app/site-context'
import { Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { tenantKey } from '../../lib/tenant'
import { describeUnsubscribe, unsubscribe } from './notifications-api'

export function UnsubscribePage() {
  const t = useT()
  const { tenant } = useSite()
  const [params] = useSearchParams()
  const link = { m: params.get('m') ?? '', k: params.get('k') ?? '', s: params.get('s') ?? '' }
  const complete = Boolean(link.m && link.k && link.s)
  const query = useQuery({
    queryKey: ['unsubscribe', tenantKey(tenant), link.m, link.k, link.s],
    queryFn: () => describeUnsubscribe(tenant, link),
    enabled: complete,
    retry: false,
  })
  const act = useMutation({ mutationFn: () => unsubscribe(tenant, link) })
  const what = (category: string) =>
    category === 'all'
      ? t('member.unsubscribe.all')
      : t('member.unsubscribe.kind', { kind: t(`member.notifications.${category}`) })
  return (
    <main className="page" id="main">
      <h1 className="page-title">{t('member.unsubscribe.title')}</h1>
      {!complete ? (
        <p role="alert">{t('member.unsubscribe.broken')}</p>
      ) : query.isPending ? (
        <Loading text={t('member.unsubscribe.loading')} />
      ) : query.isError ? (
        <p role="alert">{errorMessage(query.error, t('member.unsubscribe.broken'))}</p>
      ) : act.isSuccess || query.data.done ? (
        <p role="status">{t('member.unsubscribe.done', { what: what(link.k), organization: query.data.organization })}</p>
      ) : (
        <>
          <p>{t('member.unsubscribe.ask', { what: what(link.k), organization: query.data.organization })}</p>
          <button type="button" className="button" disabled={act.isPending} onClick={() => act.mutate()}>
            {act.isPending ? t('member.unsubscribe.working') : t('member.unsubscribe.confirm')}
          </button>
          {act.isError && <p role="alert">{errorMessage(act.error, t('member.unsubscribe.failed'))}</p>}
        </>
      )}
    </main>
  )
}
