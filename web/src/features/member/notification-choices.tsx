// "E-mails I get" on the member's page (docs/notifications.md "Choices and unsubscribe"): one switch
// per kind of message, saved as it is flipped.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSite } from '../../app/site-context'
import { Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { tenantKey } from '../../lib/tenant'
import { CATEGORIES, type Category, type Choices, getChoices, putChoices } from './notifications-api'

export function NotificationChoices() {
  const t = useT()
  const { tenant } = useSite()
  const client = useQueryClient()
  const key = ['member-notifications', tenantKey(tenant)]
  const query = useQuery({ queryKey: key, queryFn: () => getChoices(tenant) })
  const save = useMutation({
    mutationFn: (change: Partial<Choices>) => putChoices(tenant, change),
    onSuccess: (answer) => client.setQueryData(key, answer),
  })
  const label: Record<Category, string> = {
    changes: t('member.notifications.changes'),
    results: t('member.notifications.results'),
    invites: t('member.notifications.invites'),
    reminders: t('member.notifications.reminders'),
    alerts: t('member.notifications.alerts'),
  }
  return (
    <section id="notifications" aria-labelledby="notifications-title" className="member-section">
      <h2 id="notifications-title">{t('member.notifications.title')}</h2>
      <p>{t('member.notifications.intro')}</p>
      {query.isPending ? (
        <Loading text={t('member.notifications.loading')} />
      ) : query.isError ? (
        <p role="alert">{errorMessage(query.error, t('member.notifications.loadFailed'))}</p>
      ) : (
        <ul className="member-choices">
          {CATEGORIES.map((category) => (
            <li key={category}>
              <label>
                <input
                  type="checkbox"
                  checked={query.data.choices[category] === 'email'}
                  disabled={save.isPending}
                  onChange={(event) => save.mutate({ [category]: event.target.checked ? 'email' : 'none' })}
                />{' '}
                {label[category]}
              </label>
            </li>
          ))}
        </ul>
      )}
      {save.isError && <p role="alert">{errorMessage(save.error, t('member.notifications.saveFailed'))}</p>}
      {save.isSuccess && <p role="status">{t('member.notifications.saved')}</p>}
    </section>
  )
}
