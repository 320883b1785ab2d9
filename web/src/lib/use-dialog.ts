import { useState } from 'react'

/**
 * Which dialog a screen shows (none: null). Opening one clears the last attempt of each mutation
 * given, so a dialog never opens on the previous one's error.
 */
export function useDialog<Dialog>(...mutations: { reset: () => void }[]) {
  const [dialog, setDialog] = useState<Dialog | null>(null)
  return {
    dialog,
    setDialog,
    open: (next: Dialog) => {
      for (const mutation of mutations) mutation.reset()
      setDialog(next)
    },
    close: () => setDialog(null),
  }
}
