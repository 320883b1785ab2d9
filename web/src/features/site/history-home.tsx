import { type KeyboardEvent, useRef, useState } from 'react'
import { useSite } from '../../app/site-context'
import { ArrowLeftIcon, ArrowRightIcon } from '../../components/icons'
import { Modal } from '../../components/modal'
import { ErrorState, Loading } from '../../components/status'
import { useT } from '../../lib/i18n'
import { type HomeContent, useHomeContent } from '../../lib/site-api'

const GALLERY_SIZE = 8

/** docs/reference/public-site.md §2.6, main league: a hero with EXPLORE, a grid of 8 images with a full-size modal, history. */
export function HistoryHome() {
  const t = useT()
  const { tenant, organization } = useSite()
  const home = useHomeContent(tenant)
  const exploreRef = useRef<HTMLElement>(null)

  if (home.isPending) {
    return (
      <main className="page" id="main">
        <Loading />
      </main>
    )
  }
  if (home.isError) {
    return (
      <main className="page" id="main">
        <ErrorState message={t('home.loadError')} onRetry={() => home.refetch()} />
      </main>
    )
  }

  // No home content yet (404): the organization's name stands in for the hero.
  const content: HomeContent = home.data ?? { heroTitle: organization.name, heroSubtitle: '', images: [], history: [] }
  const explore = () => {
    exploreRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    exploreRef.current?.focus({ preventScroll: true })
  }

  return (
    <main className="home-history" id="main">
      <section className="hero">
        <div className="hero-inner">
          <h1>{content.heroTitle || organization.name}</h1>
          {content.heroSubtitle ? <p className="hero-subtitle">{content.heroSubtitle}</p> : null}
          <button type="button" className="button button-primary button-large" onClick={explore}>
            {t('home.explore')}
          </button>
        </div>
      </section>
      <section ref={exploreRef} tabIndex={-1} className="page explore" aria-label={t('home.exploreLabel')}>
        <Gallery images={content.images.slice(0, GALLERY_SIZE)} />
        <article className="history">
          <h2>{t('home.history')}</h2>
          {content.history.length > 0 ? (
            content.history.map((paragraph) => <p key={paragraph}>{paragraph}</p>)
          ) : (
            <p className="muted">{t('home.historySoon')}</p>
          )}
        </article>
      </section>
    </main>
  )
}

function Gallery({ images }: { images: HomeContent['images'] }) {
  const t = useT()
  const [index, setIndex] = useState<number | null>(null)
  if (images.length === 0) return null

  const step = (delta: number) =>
    setIndex((current) => (current === null ? null : (current + delta + images.length) % images.length))
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault()
      step(1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      step(-1)
    }
  }
  const current = index === null ? null : images[index]

  return (
    <>
      <ul className="gallery">
        {images.map((image, position) => (
          <li key={image.src}>
            <button type="button" className="gallery-item" onClick={() => setIndex(position)}>
              <img src={image.src} alt={image.alt} loading="lazy" decoding="async" />
              <span className="visually-hidden">{t('home.viewFullSize')}</span>
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={current !== null && current !== undefined}
        title={current?.alt || t('home.photo')}
        hideTitle
        size="full"
        onClose={() => setIndex(null)}
        onKeyDown={onKeyDown}
      >
        <div className="lightbox">
          <button
            type="button"
            className="icon-button lightbox-prev"
            aria-label={t('home.previousPhoto')}
            onClick={() => step(-1)}
          >
            <ArrowLeftIcon />
          </button>
          {current ? <img src={current.src} alt={current.alt} className="lightbox-image" /> : null}
          <button type="button" className="icon-button lightbox-next" aria-label={t('home.nextPhoto')} onClick={() => step(1)}>
            <ArrowRightIcon />
          </button>
          <p className="lightbox-caption" aria-live="polite">
            {current?.alt
              ? t('home.photoOfWithCaption', { position: (index ?? 0) + 1, count: images.length, caption: current.alt })
              : t('home.photoOf', { position: (index ?? 0) + 1, count: images.length })}
          </p>
        </div>
      </Modal>
    </>
  )
}
