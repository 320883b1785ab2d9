import { useState } from 'react'

/** docs/reference/league-admin.md §9: a default image is used when a player has no photo (or it fails to load). */
export const DEFAULT_PLAYER_IMAGE = '/images/default-player.svg'

export interface PlayerPhotoProps {
  src: string | null | undefined
  /** The player's name: the photo's accessible name. */
  name: string
  className?: string
  size?: number
  /** The page's main image (a profile header): fetched at once, never lazily — it is what the page's largest paint waits for. */
  priority?: boolean
}

export function PlayerPhoto({ src, name, className, size = 160, priority = false }: PlayerPhotoProps) {
  const [failed, setFailed] = useState(false)
  const url = src && !failed ? src : DEFAULT_PLAYER_IMAGE
  return (
    <img
      src={url}
      alt={name}
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={className}
      onError={() => setFailed(true)}
    />
  )
}
