import { css, useTheme } from '@emotion/react'
import type { ReactNode } from 'react'
import { PauseIcon } from '../../../components/icons/pause'
import { PlayIcon } from '../../../components/icons/play'
import type { HomeCompetition } from '../model/home-competition'

interface CarouselControlsProps {
  readonly competitions: readonly HomeCompetition[]
  readonly index: number
  readonly stopped: boolean
  readonly onToggleStopped: () => void
  readonly onGoTo: (index: number) => void
}

/** Pause or resume the rotation, and one indicator per prize to jump to it (SPEC section 4). */
export function CarouselControls({
  competitions,
  index,
  stopped,
  onToggleStopped,
  onGoTo,
}: CarouselControlsProps) {
  const theme = useTheme()
  const count = competitions.length
  return (
    <div
      css={css`
        display: flex;
        align-items: center;
        gap: 4px;
      `}
    >
      <IconButton
        label={stopped ? 'Start rotating featured prizes' : 'Stop rotating featured prizes'}
        onClick={onToggleStopped}
      >
        {stopped ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
      </IconButton>
      {competitions.map((c, i) => (
        <button
          key={c.id}
          type="button"
          aria-label={`Show featured prize ${i + 1} of ${count}`}
          aria-current={i === index ? 'true' : undefined}
          onClick={() => {
            if (i !== index) onGoTo(i)
          }}
          css={css`
            display: grid;
            place-items: center;
            width: 28px;
            height: 28px;
            /* A finger needs 48 px; the dot drawn inside stays as small. */
            @media (pointer: coarse) {
              width: 48px;
              height: 48px;
            }
            padding: 0;
            border: none;
            border-radius: ${theme.radius.pill};
            background: transparent;
            cursor: pointer;
            &::after {
              content: '';
              width: ${i === index ? '20px' : '10px'};
              height: 10px;
              border-radius: ${theme.radius.pill};
              background: ${i === index ? theme.palette.primary.main : '#64748b'};
              transition: width 200ms ease;
            }
            &:hover::after {
              background: ${theme.palette.primary.dark};
            }
          `}
        />
      ))}
    </div>
  )
}

function IconButton({
  label,
  onClick,
  children,
}: {
  label: string
  onClick: () => void
  children: ReactNode
}) {
  const theme = useTheme()
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      css={css`
        display: grid;
        place-items: center;
        width: 32px;
        height: 32px;
        @media (pointer: coarse) {
          width: 48px;
          height: 48px;
        }
        margin-right: 4px;
        border: 1px solid ${theme.palette.border};
        border-radius: ${theme.radius.pill};
        background: ${theme.palette.background.surface};
        color: ${theme.palette.text.secondary};
        cursor: pointer;
        &:hover {
          background: ${theme.palette.background.muted};
        }
      `}
    >
      {children}
    </button>
  )
}
