import { css, useTheme } from '@emotion/react'
import { type ChangeEvent, useEffect, useState } from 'react'
import { LabelledControl } from '../../../../components/form-field'
import { acceptedImageTypes, imageProblem } from '../model/competition-form'

interface ImageFieldProps {
  /** The competition's image now, if any. */
  readonly current: string | null
  readonly file: File | null
  readonly error: string | undefined
  readonly onChange: (file: File | null, problem: string | undefined) => void
}

/** A URL for a chosen file while it is shown, released afterwards. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) {
      setUrl(null)
      return
    }
    const created = URL.createObjectURL(file)
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [file])
  return url
}

/** SPEC section 5's image: JPG, PNG, GIF or WebP up to 5 MB, previewed before saving. */
export function ImageField({ current, file, error, onChange }: ImageFieldProps) {
  const theme = useTheme()
  const preview = useObjectUrl(file)
  const shown = preview ?? current

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null
    onChange(chosen, chosen ? imageProblem(chosen) : undefined)
  }

  return (
    <div
      css={css`
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 8px;
      `}
    >
      <LabelledControl
        label="Image"
        error={error}
        hint="JPG, PNG, GIF or WebP, up to 5 MB."
        control={({ id, describedBy }) => (
          <input
            id={id}
            type="file"
            accept={acceptedImageTypes.join(',')}
            onChange={choose}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            css={css`
              max-width: 100%;
              font: inherit;
              color: ${theme.palette.text.primary};
              &:focus-visible {
                outline: 3px solid ${theme.palette.focus};
                outline-offset: 2px;
              }
            `}
          />
        )}
      />
      {shown && !error && (
        <figure
          css={css`
            margin: 0;
            display: grid;
            gap: 4px;
          `}
        >
          <img
            src={shown}
            alt={preview ? 'Preview of the chosen image' : 'The competition’s current image'}
            css={css`
              width: 100%;
              max-width: 320px;
              aspect-ratio: 16 / 10;
              object-fit: cover;
              border-radius: ${theme.radius.md};
              background: ${theme.palette.background.muted};
            `}
          />
          <figcaption
            css={css`
              font-size: 0.8125rem;
              color: ${theme.palette.text.secondary};
            `}
          >
            {preview ? `Preview: ${file?.name ?? ''} (saved with the form)` : 'Current image'}
          </figcaption>
        </figure>
      )}
    </div>
  )
}
