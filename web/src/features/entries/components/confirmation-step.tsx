import { css, useTheme } from '@emotion/react'
import type { UserEntry } from '@prizes/contracts'
import { Button } from '../../../components/button'
import { Chip } from '../../../components/chip'
import { formatPrice } from '../../../lib/format'

interface ConfirmationStepProps {
  readonly entry: UserEntry
  readonly onDone: () => void
}

/** Step 3 (SPEC section 2): the entry reference, the ticket numbers and the Paid status. */
export function ConfirmationStep({ entry, onDone }: ConfirmationStepProps) {
  const theme = useTheme()
  const label = css`
    font-size: 0.8125rem;
    font-weight: 600;
    color: ${theme.palette.text.secondary};
  `
  return (
    <div
      css={css`
        display: grid;
        gap: 18px;
        color: ${theme.palette.text.primary};
      `}
    >
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
          css={css`
            font-size: 1.125rem;
          `}
        >
          Your entry is confirmed
        </h3>
        <Chip tone="success">{entry.paymentStatus === 'paid' ? 'Paid' : entry.paymentStatus}</Chip>
      </div>
      <div>
        <div css={label}>Entry reference</div>
        <div
          data-testid="entry-reference"
          css={css`
            font-size: 1.5rem;
            font-weight: 800;
            letter-spacing: 0.02em;
          `}
        >
          {entry.entryReference ?? 'Being assigned'}
        </div>
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
      <p>
        {entry.numberOfEntries} {entry.numberOfEntries === 1 ? 'entry' : 'entries'} for{' '}
        {entry.competitionTitle}, {formatPrice(entry.totalCost)} paid. We have emailed your confirmation with
        these details.
      </p>
      <Button type="button" size="lg" fullWidth onClick={onDone}>
        Done
      </Button>
    </div>
  )
}
