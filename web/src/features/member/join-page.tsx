import { type FormEvent, useId, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useSite } from '../../app/site-context'
import { FieldError } from '../../components/form-modal'
import { ErrorState, Loading } from '../../components/status'
import { ApiError, errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { useJoin, useJoinLink } from './team-members-api'
import './team-members.css'

/**
 * docs/members.md "Roster invites": joining a team by the captain's share link. A visitor gives a
 * name and an e-mail and is sent a sign-in link; a signed-in member of the organization joins at once.
 */
export function JoinPage() {
  const t = useT()
  const id = useId()
  const site = useSite()
  const token = useParams().token ?? ''
  const info = useJoinLink(site.tenant, token)
  const join = useJoin(site.tenant)
  const [firstName, setFirstName] = useState('')
  const [lastName, setLastName] = useState('')
  const [email, setEmail] = useState('')
  const fields = join.error instanceof ApiError ? (join.error.fields ?? {}) : {}

  if (info.isPending) return <Loading text={t('memberJoin.loading')} />
  if (info.isError)
    return (
      <section className="member-page">
        <h1 className="page-title">{t('memberJoin.titlePlain')}</h1>
        <ErrorState message={errorMessage(info.error, t('memberJoin.invalid'))} />
      </section>
    )

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    join.mutate({ token, firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim() })
  }
  const field = (key: 'firstName' | 'lastName' | 'email', value: string, set: (v: string) => void, type = 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{t(`memberTeam.${key}`)}</label>
      <input
        id={`${id}-${key}`}
        type={type}
        value={value}
        required
        maxLength={key === 'email' ? 254 : 60}
        autoComplete={key === 'email' ? 'email' : key === 'firstName' ? 'given-name' : 'family-name'}
        aria-invalid={fields[key] ? true : undefined}
        aria-describedby={fields[key] ? `${id}-${key}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
      <FieldError id={`${id}-${key}-error`}>{fields[key]}</FieldError>
    </div>
  )

  return (
    <section className="member-page" aria-labelledby="join-title">
      <h1 className="page-title" id="join-title">
        {t('memberJoin.title', { team: info.data.team })}
      </h1>
      <p className="muted">{t('memberJoin.place', { league: info.data.league, season: info.data.season })}</p>
      {join.isSuccess ? (
        <div className="flash" role="status">
          <p>{t(email.trim() ? 'memberJoin.doneMail' : 'memberJoin.done', { team: info.data.team })}</p>
          {email.trim() ? null : <Link to={sitePath(site.tenant, 'member')}>{t('memberJoin.myPage')}</Link>}
        </div>
      ) : (
        <form className="member-form" onSubmit={submit}>
          <p>{t('memberJoin.intro')}</p>
          {field('firstName', firstName, setFirstName)}
          {field('lastName', lastName, setLastName)}
          {field('email', email, setEmail, 'email')}
          {join.isError && !Object.keys(fields).length ? (
            <p className="flash flash-error" role="alert">
              {errorMessage(join.error, t('memberJoin.failed'))}
            </p>
          ) : null}
          <button type="submit" className="button button-primary" disabled={join.isPending}>
            {join.isPending ? t('memberTeam.sending') : t('memberJoin.submit')}
          </button>
        </form>
      )}
    </section>
  )
}
