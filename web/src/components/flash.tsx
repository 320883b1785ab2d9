import { useCallback, useEffect, useRef, useState } from 'react'

export type FlashTone = 'success' | 'error' | 'info'
export interface FlashMessage {
  text: string
  tone: FlashTone
}

/** docs/reference/public-site.md §4, §9: messages clear after 3000 ms. */
export const FLASH_TIMEOUT_MS = 3000

export function useFlash(timeoutMs = FLASH_TIMEOUT_MS) {
  const [message, setMessage] = useState<FlashMessage | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const clear = useCallback(() => {
    clearTimeout(timer.current)
    setMessage(null)
  }, [])

  const show = useCallback(
    (text: string, tone: FlashTone = 'success') => {
      clearTimeout(timer.current)
      setMessage({ text, tone })
      timer.current = setTimeout(() => setMessage(null), timeoutMs)
    },
    [timeoutMs],
  )

  useEffect(() => () => clearTimeout(timer.current), [])
  return { message, show, clear }
}

export function Flash({ message }: { message: FlashMessage | null }) {
  if (!message) return null
  return (
    <p className={`flash flash-${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
      {message.text}
    </p>
  )
}
