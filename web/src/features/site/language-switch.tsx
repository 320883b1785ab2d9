import { useState } from 'react'
import { languageName } from '../../../../worker/domain/i18n'
import { rememberLanguage, switchLanguage, useLanguage, useT } from '../../lib/i18n'

/**
 * The visitor's language choice (docs/decisions/2026-11-28-site-language-switch.md): shown when the
 * organization offers more than one language, each named in itself (`lang` on each, so a screen
 * reader says "Français" in French). Choosing one loads its words, re-renders the page in it and
 * remembers it for the next page the Worker writes (cookie, worker/lib/i18n.ts pageLanguage).
 */
export function LanguageSwitch({ languages }: { languages: readonly string[] }) {
  const t = useT()
  const current = useLanguage()
  const [failed, setFailed] = useState(false)
  if (languages.length < 2) return null
  const choose = (code: string) => {
    if (code === current) return
    setFailed(false)
    rememberLanguage(code)
    switchLanguage(code, ['site']).catch(() => setFailed(true))
  }
  return (
    <nav className="language-switch" aria-label={t('nav.language')}>
      <ul>
        {languages.map((code) => (
          <li key={code}>
            <button
              type="button"
              className="language-option"
              lang={code}
              aria-pressed={code === current}
              onClick={() => choose(code)}
            >
              {languageName(code)}
            </button>
          </li>
        ))}
      </ul>
      {failed ? (
        <p className="language-failed" role="alert">
          {t('site.language.failed')}
        </p>
      ) : null}
    </nav>
  )
}
