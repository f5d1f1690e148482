import { css, useTheme } from '@emotion/react'
import { entryMessages, type UserEntry } from '@prizes/contracts'
import confetti from 'canvas-confetti'
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/button'
import { Chip } from '../../../components/chip'
import { formatPrice } from '../../../lib/format'
import { prefersReducedMotion } from '../../../lib/scroll'
import { confettiFor } from '../model/confetti'

interface ConfirmationStepProps {
  readonly entry: UserEntry
  readonly onDone: () => void
}

/**
 * Step 3, the one success view after paying (SPEC section 2's entry-success content): the
 * competition, the entry reference, the number of entries and their ticket numbers, the Paid
 * status and the message, with confetti tuned to the screen. It says the answer was recorded and
 * promises no draw: whether the answer was right stays unknown until the competition closes. The canvas lives inside the entry
 * modal, which is in the browser's top layer, so the confetti is drawn above the backdrop; it is
 * not drawn at all for people who ask for reduced motion.
 */
export function ConfirmationStep({ entry, onDone }: ConfirmationStepProps) {
  const theme = useTheme()
  const heading = useRef<HTMLHeadingElement>(null)
  const label = css`
    font-size: 0.8125rem;
    font-weight: 600;
    color: ${theme.palette.text.secondary};
  `

  // The Pay button that had the focus is gone: the news is where a keyboard or screen reader goes next.
  useEffect(() => {
    heading.current?.focus()
  }, [])

  return (
    <div
      css={css`
        display: grid;
        gap: 18px;
        color: ${theme.palette.text.primary};
      `}
    >
      <Confetti />
      <div
        css={css`
          display: flex;
          align-items: center;
          justify-content: space-between;
          flex-wrap: wrap;
          gap: 8px;
        `}
      >
        <h3
          ref={heading}
          tabIndex={-1}
          css={css`
            font-size: 1.125rem;
            &:focus {
              outline: none;
            }
          `}
        >
          {entryMessages.entryReceived}
        </h3>
        <Chip tone="success">{entry.paymentStatus === 'paid' ? 'Paid' : entry.paymentStatus}</Chip>
      </div>
      <p
        css={css`
          font-weight: 700;
        `}
      >
        {entry.competitionTitle}
      </p>
      <div>
        <div css={label}>Entry reference</div>
        <div
          data-testid="entry-reference"
          css={css`
            font-size: 1.5rem;
            font-weight: 800;
            letter-spacing: 0.02em;
            overflow-wrap: anywhere;
          `}
        >
          {entry.entryReference ?? 'Being assigned'}
        </div>
      </div>
      <div>
        <div css={label}>Number of entries</div>
        <div data-testid="entry-count">{entry.numberOfEntries}</div>
      </div>
      <div>
        <div css={label}>Your ticket numbers</div>
        <ul
          aria-label="Ticket numbers"
          css={css`
            display: flex;
            flex-wrap: wrap;
            gap: 6px;
            margin: 6px 0 0;
            padding: 0;
            list-style: none;
          `}
        >
          {entry.ticketNumbers.map((n) => (
            <li key={n}>
              <Chip tone="primary">#{n}</Chip>
            </li>
          ))}
        </ul>
      </div>
      <p data-testid="answer-recorded">{entryMessages.answerRecorded}</p>
      <p>
        {formatPrice(entry.totalCost)} paid. An email with your entry reference and ticket numbers is on its
        way.
      </p>
      <Button type="button" size="lg" fullWidth onClick={onDone}>
        Done
      </Button>
    </div>
  )
}

/** A burst of confetti when the entry is received, unless the entrant asks for reduced motion. */
function Confetti() {
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

  if (!playing) return null
  return (
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
  )
}
