import { useSearchParams } from 'react-router'
import { useSite } from '../../app/site-context'
import { ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { GameSummary } from './member-game-page'
import { ANSWERS, type Answer, type SignedAnswer, useAnswerPreview, useSignedAnswer } from './team-members-api'
import './team-members.css'

/**
 * docs/members.md "Availability": the page a reminder's In / Out / Maybe link opens. Opening it
 * changes nothing (mail scanners open links); one tap on the answer records it
 * (docs/decisions/2026-11-28-availability-links.md).
 */
export function AnswerLinkPage() {
  const t = useT()
  const site = useSite()
  const [params] = useSearchParams()
  const a = params.get('a')
  const link: SignedAnswer = {
    m: Number(params.get('m')),
    g: Number(params.get('g')),
    a: (ANSWERS.includes(a as Answer) ? a : 'in') as Answer,
    s: params.get('s') ?? '',
  }
  const preview = useAnswerPreview(site.tenant, link)
  const record = useSignedAnswer(site.tenant)

  if (preview.isPending) return <Loading text={t('memberGame.loading')} />
  if (preview.isError)
    return (
      <section className="member-page">
        <h1 className="page-title">{t('memberAnswer.title')}</h1>
        <ErrorState message={errorMessage(preview.error, t('memberAnswer.invalid'))} />
      </section>
    )
  const saved = record.data?.answer ?? preview.data.answer
  return (
    <section className="member-page" aria-labelledby="answer-title">
      <h1 className="page-title" id="answer-title">
        {t('memberAnswer.title')}
      </h1>
      <GameSummary game={preview.data.game} />
      {record.isSuccess ? (
        <p className="flash" role="status">
          {t('memberAnswer.saved', { answer: t(`memberGame.answer.${record.data.answer ?? link.a}`) })}
        </p>
      ) : (
        <p>{t('memberAnswer.confirm', { answer: t(`memberGame.answer.${link.a}`) })}</p>
      )}
      {record.isSuccess ? null : (
        <button
          type="button"
          className="button button-primary answer-confirm"
          disabled={record.isPending || !preview.data.game.open}
          onClick={() => record.mutate(link)}
        >
          {t('memberAnswer.record', { answer: t(`memberGame.answer.${link.a}`) })}
        </button>
      )}
      {record.isError ? (
        <p className="flash flash-error" role="alert">
          {errorMessage(record.error, t('memberGame.answerFailed'))}
        </p>
      ) : null}
      {saved ? <p className="muted">{t('memberGame.yourAnswer', { answer: t(`memberGame.answer.${saved}`) })}</p> : null}
      <p className="muted">{t('memberAnswer.other')}</p>
    </section>
  )
}
