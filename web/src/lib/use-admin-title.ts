import { useEffect } from 'react'
import { useT } from './i18n'

/** The browser tab's title on an admin screen: "<page> · Courtside", `page` already in the page's language. */
export function useAdminTitle(page: string) {
  const t = useT()
  const title = t('admin.title', { page })
  useEffect(() => {
    document.title = title
  }, [title])
}
