import { useEffect, useRef, useState } from 'react'
import { useRichT } from '../../../lib/i18n'

/** The player starts at once when the visitor has asked for it by pressing Play. */
function withAutoplay(embedUrl: string): string {
  try {
    const url = new URL(embedUrl)
    url.searchParams.set('autoplay', '1')
    return url.toString()
  } catch {
    return embedUrl
  }
}

/**
 * An embedded video that costs nothing until asked for: a poster with a Play button, replaced by
 * the player's iframe on press. Three YouTube iframes would add megabytes of script to the page
 * (and talk to YouTube before the visitor chose to watch).
 */
export function VideoEmbed({ title, embedUrl }: { title: string; embedUrl: string }) {
  const richT = useRichT()
  const [playing, setPlaying] = useState(false)
  const frameRef = useRef<HTMLIFrameElement>(null)

  useEffect(() => {
    // The Play button is gone: keep keyboard focus on what replaced it.
    if (playing) frameRef.current?.focus()
  }, [playing])

  return (
    <figure className="video">
      <div className="video-frame">
        {playing ? (
          <iframe
            ref={frameRef}
            src={withAutoplay(embedUrl)}
            title={title}
            loading="lazy"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          <button type="button" className="video-poster" onClick={() => setPlaying(true)}>
            <span className="video-play">
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            </span>
            <span className="video-play-label">
              {richT('content.play', { title, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
            </span>
          </button>
        )}
      </div>
      <figcaption className="video-title">{title}</figcaption>
    </figure>
  )
}
