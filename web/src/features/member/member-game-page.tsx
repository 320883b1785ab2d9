import { Link, useParams } from 'react-router'
import { useSite } from '../../app/site-context'
import { ErrorState, Loading } from '../../components/status'
import { ApiError, errorMessage } from '../../lib/api-client'
import { gameDate, gameTime } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { sitePath } from '../../lib/tenant'
import { CountsLine } from './captain-team-page'
import { ANSWERS, type Answer, type GamePage, type MemberGame, useAnswer, useGamePage } from './team-members-api'
import './team-members.css'

/** The game as a member reads it: teams, day and time in the organization's zone, place. */
export function GameSummary({ game }: { game: MemberGame }) {
  const t = useT()
  const site = useSite()
  return (
    <div className="member-game">
      <p className="member-game-teams">{t('memberGame.teams', { home: game.home.name, away: game.away.name })}</p>
      <p>
        {gameDate(game.date, site.organization.timeZone)} · {gameTime(game.time)}
      </p>
      {game.place ? <p className="muted">{game.place}</p> : null}
      {game.open ? null : <p className="flash">{t('memberGame.closed')}</p>}
    </div>
  )
}

/** In / Out / Maybe as three toggle buttons: one tap answers. */
export function AnswerButtons({
  answer,
  disabled,
  onAnswer,
}: {
  answer: Answer | null
  disabled: boolean
  onAnswer: (answer: Answer) => void
}) {
  const t = useT()
  return (
    <fieldset className="answer-buttons">
      <legend>{t('memberGame.question')}</legend>
      {ANSWERS.map((choice) => (
        <button
          key={choice}
          type="button"
          className={`button answer-${choice}${answer === choice ? ' answer-chosen' : ''}`}
          aria-pressed={answer === choice}
          disabled={disabled}
          onClick={() => onAnswer(choice)}
        >
          {t(`memberGame.answer.${choice}`)}
        </button>
      ))}
    </fieldset>
  )
}

function CaptainView({ view }: { view: GamePage['captainOf'][number] }) {
  const t = useT()
  return (
    <section className="member-section" aria-labelledby={`answers-${view.teamId}`}>
      <h2 className="section-title" id={`answers-${view.teamId}`}>
        {t('memberGame.answersOf', { team: view.teamName })}
      </h2>
      <p>
        <CountsLine counts={view.counts} />
      </p>
      {(['in', 'maybe', 'out', null] as const).map((answer) => {
        const people = view.players.filter((p) => p.answer === answer)
        return (
          <div key={answer ?? 'none'} className="answer-group">
            <h3 className="answer-group-title">{t(`memberGame.group.${answer ?? 'none'}`, { count: people.length })}</h3>
            {people.length === 0 ? (
              <p className="muted">{t('memberGame.nobody')}</p>
            ) : (
              <ul className="member-names">
                {people.map((p) => (
                  <li key={p.id}>
                    {p.firstName} {p.lastName}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )
      })}
    </section>
  )
}

/** docs/members.md "Availability": a member answers for a game of their team; a captain sees everyone's answers. */
export function MemberGamePage() {
  const t = useT()
  const site = useSite()
  const gameId = Number(useParams().gameId)
  const page = useGamePage(gameId)
  const answer = useAnswer(gameId)

  if (page.isPending) return <Loading text={t('memberGame.loading')} />
  if (page.isError) {
    const status = page.error instanceof ApiError ? page.error.status : 0
    const message =
      status === 401
        ? t('memberTeam.signInFirst')
        : status === 403
          ? t('memberGame.notYours')
          : errorMessage(page.error, t('memberGame.loadFailed'))
    return (
      <section className="member-page">
        <h1 className="page-title">{t('memberGame.title')}</h1>
        <ErrorState message={message} onRetry={status >= 500 || status === 0 ? () => page.refetch() : undefined} />
        {status === 401 ? <Link to={sitePath(site.tenant, 'member/sign-in')}>{t('memberTeam.signInLink')}</Link> : null}
      </section>
    )
  }
  const { game, captainOf } = page.data
  return (
    <section className="member-page" aria-labelledby="member-game-title">
      <h1 className="page-title" id="member-game-title">
        {t('memberGame.title')}
      </h1>
      <GameSummary game={game} />
      <AnswerButtons answer={page.data.answer} disabled={!game.open} onAnswer={(choice) => answer.mutate(choice)} />
      <p className="muted" role="status" aria-live="polite">
        {answer.isError
          ? ''
          : page.data.answer
            ? t('memberGame.yourAnswer', { answer: t(`memberGame.answer.${page.data.answer}`) })
            : t('memberGame.noAnswer')}
      </p>
      {answer.isError ? (
        <p className="flash flash-error" role="alert">
          {errorMessage(answer.error, t('memberGame.answerFailed'))}
        </p>
      ) : null}
      {captainOf.map((view) => (
        <CaptainView key={view.teamId} view={view} />
      ))}
    </section>
  )
}
