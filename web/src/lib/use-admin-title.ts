import { useEffect } from 'react'

/** The browser tab's title on an admin screen: "<page> · Courtside". */
export function useAdminTitle(page: string) {
  useEffect(() => {
    document.title = `${page} · Courtside`
  }, [page])
}
