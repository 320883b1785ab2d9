// The languages the product ships, as the build lists them (/i18n/languages.json, web/vite.config.ts;
// docs/decisions/2026-11-28-languages.md): adding a catalog folder adds a choice here, no code change.
import { useQuery } from '@tanstack/react-query'
import { languageName } from '../../../worker/domain/i18n'

export { languageName }

const fetchShippedLanguages = async (): Promise<string[]> => {
  const answer = await fetch('/i18n/languages.json', { credentials: 'same-origin' })
  if (!answer.ok) throw new Error(`languages.json: ${answer.status}`)
  const body = (await answer.json()) as { languages: { code: string }[] }
  return body.languages.map((language) => language.code)
}

/**
 * Every shipped language's code, `current` ones first kept in the list even before (or without) the
 * build's answer, so a form always shows what is saved.
 */
export function useShippedLanguages(current: readonly string[] = []): string[] {
  const shipped = useQuery({
    queryKey: ['i18n', 'languages'],
    queryFn: fetchShippedLanguages,
    staleTime: Number.POSITIVE_INFINITY,
  })
  return [...new Set([...(shipped.data ?? []), ...current.filter(Boolean)])]
}
