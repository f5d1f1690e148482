import { css, useTheme } from '@emotion/react'
import { useState } from 'react'
import { TrophyIcon } from '../../../components/icons/trophy'

interface CompetitionImageProps {
  readonly src: string | null
  /** What the picture shows, for people who cannot see it. */
  readonly alt: string
  /** Above the fold: load at once and early. Elsewhere: lazily. */
  readonly priority?: boolean
}

/** Intrinsic size of the 16:10 frame, so the browser reserves the space before the picture arrives. */
const width = 800
const height = 500

export function CompetitionImage({ src, alt, priority = false }: CompetitionImageProps) {
  const theme = useTheme()
  const [failed, setFailed] = useState(false)
  const frame = css`
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: ${width} / ${height};
    object-fit: cover;
    background: ${theme.palette.background.muted};
  `

  if (!src || failed) {
    return (
      <div
        aria-hidden="true"
        css={css`
          ${frame};
          display: grid;
          place-items: center;
          color: ${theme.palette.accent.main};
          background:
            radial-gradient(circle at 30% 20%, rgb(251 191 36 / 28%), transparent 45%),
            linear-gradient(135deg, ${theme.palette.background.hero}, ${theme.palette.background.heroEnd});
        `}
      >
        <TrophyIcon size={56} strokeWidth={1.5} />
      </div>
    )
  }

  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      // The priority picture is the page's largest paint: decoded as soon as it arrives.
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      onError={() => setFailed(true)}
      css={frame}
    />
  )
}
