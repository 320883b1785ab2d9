import { useEffect, useState } from 'react'
import { compressImage } from '../lib/compress-image'
import { useT } from '../lib/i18n'
import { FieldError } from './form-modal'

interface ImageFieldProps {
  id: string
  label: string
  /** The current picture, shown until another is chosen. */
  current?: string | null
  onChange: (file: File | null) => void
  onBusyChange?: (busy: boolean) => void
}

/**
 * A picture input that compresses the choice in the browser (docs/reference/league-admin.md §5: ≤ 1 MB, ≤ 800 px) and
 * previews the result; a non-image is refused with the compressor's message.
 */
export function ImageField({ id, label, current, onChange, onBusyChange }: ImageFieldProps) {
  const t = useT()
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(current ?? null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!file) return
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  const choose = async (chosen: File | undefined) => {
    setProblem(null)
    if (!chosen) {
      setFile(null)
      setPreview(current ?? null)
      return onChange(null)
    }
    setBusy(true)
    onBusyChange?.(true)
    try {
      const compressed = await compressImage(chosen)
      setFile(compressed)
      onChange(compressed)
    } catch (reason) {
      setFile(null)
      setPreview(current ?? null)
      onChange(null)
      setProblem(reason instanceof Error ? reason.message : t('image.notAnImage'))
    } finally {
      setBusy(false)
      onBusyChange?.(false)
    }
  }

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      {busy ? <span className="field-hint">{t('image.preparing')}</span> : null}
      <FieldError id={`${id}-error`} alert>
        {problem}
      </FieldError>
      {preview ? <img src={preview} alt={t('image.preview', { label })} className="logo-preview" /> : null}
    </div>
  )
}
