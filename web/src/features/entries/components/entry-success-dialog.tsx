import { css, useTheme } from '@emotion/react'
import type { UserEntry } from '@prizes/contracts'
import confetti from 'canvas-confetti'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { Dialog } from '../../../components/dialog'
import { prefersReducedMotion } from '../../../lib/scroll'
import { confettiFor } from '../model/confetti'

interface EntrySuccessDialogProps {
  readonly entry: UserEntry
  readonly onClose: () => void
}

/**
 * The entry-success dialog (SPEC section 2) with confetti tuned to the screen. The canvas lives
 * inside the dialog, which is in the browser's top layer, so the confetti is drawn above the
 * backdrop; it is not drawn at all for people who ask for reduced motion.
 */
export function EntrySuccessDialog({ entry, onClose }: EntrySuccessDialogProps) {
  const theme = useTheme()
  const [celebrating] = useState(() => !prefersReducedMotion())
  const [playing, setPlaying] = useState(celebrating)
  const canvas = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    if (!celebrating || !canvas.current) return
    const { particleCount, durationMs } = confettiFor(window.innerWidth)
    const fire = confetti.create(canvas.current, { resize: true, useWorker: false })
    // canvas-confetti counts a particle's life in animation frames, about 60 a second.
    const ticks = Math.round((durationMs / 1000) * 60)
    void fire({
      particleCount,
      spread: 80,
      startVelocity: 45,
      origin: { y: 0.6 },
      ticks,
      disableForReducedMotion: true,
    })
    const stop = window.setTimeout(() => setPlaying(false), durationMs)
    return () => {
      window.clearTimeout(stop)
      fire.reset()
    }
  }, [celebrating])

  return (
    <Dialog
      open
      onClose={onClose}
      title="Congratulations!"
      actions={
        <Button type="button" onClick={onClose} data-autofocus>
          View my entry
        </Button>
      }
    >
      {playing && (
        <canvas
          ref={canvas}
          data-testid="confetti"
          css={css`
            position: fixed;
            inset: 0;
            width: 100vw;
            height: 100vh;
            pointer-events: none;
          `}
        />
      )}
      <div
        css={css`
          display: grid;
          gap: 10px;
        `}
      >
        <p
          css={css`
            font-weight: 700;
            color: ${theme.palette.text.primary};
          `}
        >
          {entry.competitionTitle}
        </p>
        <p>
          Entry reference: <strong>{entry.entryReference}</strong>
        </p>
        <p>
          Number of entries: <strong>{entry.numberOfEntries}</strong>
        </p>
        <p>
          Your entry is in. Your confirmation email is on its way with your ticket numbers. Good luck in the
          draw!
        </p>
      </div>
    </Dialog>
  )
}
