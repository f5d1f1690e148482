import { css, useTheme } from '@emotion/react'
import type { PublicCompetitionDetail } from '@prizes/contracts'

interface CancelledNoticeProps {
  readonly competition: Pick<PublicCompetitionDetail, 'cancellation'>
}

/**
 * A cancelled competition keeps its page (issue 24) and says so, and says what is true of the
 * refunds: done once every paid entry's refund is recorded, under way until then.
 */
export function CancelledNotice({ competition: { cancellation } }: CancelledNoticeProps) {
  const theme = useTheme()
  const refunded = cancellation?.refunds === 'complete'
  return (
    <section
      role="status"
      data-testid="cancelled-notice"
      css={css`
        display: grid;
        gap: 6px;
        padding: 16px 20px;
        border-radius: ${theme.radius.lg};
        border: 2px solid ${theme.palette.error.main};
        background: ${theme.palette.background.surface};
      `}
    >
      <h2
        css={css`
          font-size: 1.25rem;
          font-weight: 800;
        `}
      >
        This competition was cancelled
      </h2>
      <p>
        {refunded
          ? 'There will be no draw. Every paid entry has been refunded in full.'
          : 'There will be no draw. Every paid entry is being refunded in full.'}{' '}
        Entrants are emailed when their refund is made.
      </p>
    </section>
  )
}
