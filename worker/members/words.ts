// The words of member e-mails (docs/notifications.md): the `server` catalog in the member's language,
// else the organization's. One place builds a message's text and HTML from the same sentences.

import { enabledLanguages } from '../domain/i18n'
import type { Bindings } from '../env'
import { serverWords, type Words } from '../lib/i18n'
import { escapeHtml } from '../routes/site-meta'

/** The language a member's e-mail is written in: theirs when the organization offers it, else the organization's. */
export function mailLanguage(org: { language: string; languages: string }, chosen?: string | null): string {
  const enabled = enabledLanguages(org.languages)
  if (chosen && enabled.includes(chosen)) return chosen
  return enabled.includes(org.language) ? org.language : (enabled[0] ?? 'en')
}

export const mailWords = (env: Bindings, language: string): Promise<Words> => serverWords({ env }, language)

/** A message body from paragraphs (each plain text) and links: the text part and an HTML part alike. */
export function mailBody(paragraphs: (string | { text: string; href: string })[]): { text: string; html: string } {
  const text = paragraphs.map((p) => (typeof p === 'string' ? p : `${p.text}\n${p.href}`)).join('\n\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:36rem">${paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`
        : `<p><a href="${escapeHtml(p.href)}">${escapeHtml(p.text)}</a></p>`,
    )
    .join('')}</body></html>`
  return { text: `${text}\n`, html }
}
