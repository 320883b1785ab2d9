import { useEffect } from 'react'

/** docs/reference/public-site.md §2.4: light or dark, from the organization (public) or the user (admin). */
export function useDocumentTheme(theme: 'light' | 'dark' | undefined | null) {
  useEffect(() => {
    document.documentElement.dataset.theme = theme === 'dark' ? 'dark' : 'light'
  }, [theme])
}
