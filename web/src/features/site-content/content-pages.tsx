// docs/reference/public-site.md §2.7: the league content pages. Each renders the organization's own stored document
// (GET /api/site-pages/:key) with generic components, so any organization can publish them; one
// without the document gets a friendly not-found (and no navigation link, see site-nav.tsx).

import { currentLanguage, useT } from '../../lib/i18n'
import { Accordion } from './components/accordion'
import { ContentHeader, ContentPage } from './components/content-page'
import { SiteLink } from './components/site-link'
import { VideoEmbed } from './components/video-embed'
import { RegisterOnlineLink } from './register-online-link'
import './site-content.css'

/** A fee in US dollars, written as the page's language writes an amount ("$120", "120 US$", "120 $US"). */
const money = (amount: number) =>
  new Intl.NumberFormat(currentLanguage() === 'en' ? 'en-US' : currentLanguage(), {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(amount)

/** A phone number as the digits a tel:/sms: link dials ("(714) 555-0142" → "+17145550142"). */
function dialable(number: string): string {
  const digits = number.replace(/[^\d+]/g, '')
  return digits.startsWith('+') || digits.length !== 10 ? digits : `+1${digits}`
}

export function RegistrationPage() {
  const t = useT()
  return (
    <ContentPage pageKey="registration" name={t('nav.registration')}>
      {(page) => (
        <>
          {page.banner ? <p className="content-banner">{page.banner}</p> : null}
          <ContentHeader title={t('nav.registration')} intro={page.intro} />
          <RegisterOnlineLink />
          {page.buttons.length > 0 ? (
            <ul className="registration-buttons">
              {page.buttons.map((button) => (
                <li key={button.label}>
                  <SiteLink href={button.url} className="button button-primary button-large">
                    {button.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          ) : null}

          {page.divisions.length > 0 ? (
            <section className="content-section" aria-labelledby="registration-divisions">
              <h2 id="registration-divisions">{t('content.divisions')}</h2>
              <ul className="division-list">
                {page.divisions.map((division) => (
                  <li key={division.code} className="division">
                    <span className="division-code" aria-hidden="true">
                      {division.code}
                    </span>
                    <div>
                      <h3>{division.name}</h3>
                      <p>{division.description}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {page.locations.length > 0 ? (
            <section className="content-section" aria-labelledby="registration-locations">
              <h2 id="registration-locations">{page.locationsTitle || t('content.locations')}</h2>
              <ul className="card-grid">
                {page.locations.map((location) => (
                  <li key={location.name} className="content-card location">
                    <h3>{location.name}</h3>
                    <dl className="facts">
                      <div>
                        <dt>{t('content.day')}</dt>
                        <dd>{location.weekday}</dd>
                      </div>
                      <div>
                        <dt>{t('content.time')}</dt>
                        <dd>{location.time}</dd>
                      </div>
                      <div>
                        <dt>{t('content.divisions')}</dt>
                        <dd>{location.divisions.join(', ')}</dd>
                      </div>
                      <div>
                        <dt>{t('content.startDates', { count: location.startDates.length })}</dt>
                        <dd>
                          {location.startDates.map((date) => (
                            <span key={date} className="start-date">
                              {date}
                            </span>
                          ))}
                        </dd>
                      </div>
                    </dl>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          {page.fees ? (
            <section className="content-section" aria-labelledby="registration-fees">
              <h2 id="registration-fees">{t('content.fees')}</h2>
              <dl className="fee-list">
                <div className="fee">
                  <dt>{t('content.teamFee')}</dt>
                  <dd>{money(page.fees.team)}</dd>
                </div>
                <div className="fee">
                  <dt>{t('content.freeAgentFee')}</dt>
                  <dd>{money(page.fees.freeAgent)}</dd>
                </div>
              </dl>
              <ul className="content-list">
                {page.fees.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </ContentPage>
  )
}

export function LeagueInfoPage() {
  const t = useT()
  return (
    <ContentPage pageKey="leagueInfo" name={t('nav.leagueInfo')}>
      {(page) => (
        <>
          <ContentHeader title={page.title} intro={page.introduction} />
          {page.faqs.length > 0 ? (
            <section className="content-section" aria-labelledby="league-info-faqs">
              <h2 id="league-info-faqs">{t('content.faqs')}</h2>
              <Accordion items={page.faqs.map((faq) => ({ heading: faq.question, body: <p>{faq.answer}</p> }))} />
            </section>
          ) : null}
        </>
      )}
    </ContentPage>
  )
}

export function TournamentPage() {
  const t = useT()
  return (
    <ContentPage pageKey="tournament" name={t('nav.tournament')}>
      {(page) => (
        <>
          <ContentHeader title={page.title} intro={page.introduction} />
          {page.eligibility.length > 0 ? (
            <section className="content-section" aria-labelledby="tournament-eligibility">
              <h2 id="tournament-eligibility">{t('content.eligibility')}</h2>
              <ol className="content-list numbered">
                {page.eligibility.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ol>
            </section>
          ) : null}
          {page.note ? <p className="content-note">{page.note}</p> : null}
        </>
      )}
    </ContentPage>
  )
}

export function OurTeamPage() {
  const t = useT()
  return (
    <ContentPage pageKey="ourTeam" name={t('nav.ourTeam')}>
      {(page) => (
        <>
          <ContentHeader title={page.title} intro={page.introduction} />
          <ul className="card-grid role-cards">
            {page.cards.map((card) => (
              <li key={card.key} className="content-card role-card">
                <h2>{card.title}</h2>
                <p>{card.text}</p>
                <SiteLink href={card.href} className="button button-primary">
                  {card.linkLabel || t('content.learnMore')}
                  <span className="visually-hidden">{t('content.learnMoreAbout', { title: card.title })}</span>
                </SiteLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </ContentPage>
  )
}

export function LeagueFootagePage() {
  const t = useT()
  return (
    <ContentPage pageKey="leagueFootage" name={t('nav.leagueFootage')}>
      {(page) => (
        <>
          <ContentHeader title={page.title} intro={page.introduction} />
          <div className="video-grid">
            {page.videos.map((video) => (
              <VideoEmbed key={video.embedUrl} title={video.title} embedUrl={video.embedUrl} />
            ))}
          </div>
        </>
      )}
    </ContentPage>
  )
}

export function YouthPage() {
  const t = useT()
  return (
    <ContentPage pageKey="youth" name={t('nav.youth')}>
      {(page) => (
        <>
          <ContentHeader title={page.title} intro={page.introduction} />
          {page.details.length > 0 ? (
            <dl className="facts facts-wide content-card">
              {page.details.map((detail) => (
                <div key={detail.label}>
                  <dt>{detail.label}</dt>
                  <dd>{detail.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {page.paragraphs.map((paragraph) => (
            <p key={paragraph} className="content-text">
              {paragraph}
            </p>
          ))}
          {page.registerEmail ? (
            <section className="content-section content-callout" aria-labelledby="youth-register">
              <h2 id="youth-register">{t('content.howToRegister')}</h2>
              <p>{page.registerText}</p>
              <a className="button button-primary" href={`mailto:${page.registerEmail}`}>
                {t('content.emailTo', { email: page.registerEmail })}
              </a>
            </section>
          ) : null}
        </>
      )}
    </ContentPage>
  )
}

export function ContactPage() {
  const t = useT()
  return (
    <ContentPage pageKey="contact" name={t('nav.contact')}>
      {(page) => (
        <>
          <ContentHeader title={page.title} intro={page.introduction} />
          <ul className="card-grid contact-cards">
            {page.commissioner.email ? (
              <li className="content-card">
                <h2>{t('content.emailCommissioner')}</h2>
                <p className="contact-name">{page.commissioner.name}</p>
                <a className="contact-value" href={`mailto:${page.commissioner.email}`}>
                  {page.commissioner.email}
                </a>
              </li>
            ) : null}
            {page.textNumber ? (
              <li className="content-card">
                <h2>{t('content.sendText')}</h2>
                <a className="contact-value" href={`sms:${dialable(page.textNumber)}`}>
                  {page.textNumber}
                </a>
                {page.textNote ? <p>{page.textNote}</p> : null}
              </li>
            ) : null}
          </ul>
          {page.hours ? <p className="content-note">{page.hours}</p> : null}
        </>
      )}
    </ContentPage>
  )
}
