import { css, useTheme } from '@emotion/react'
import { usePaymentConfig } from '../../api/get-payment-config'

/**
 * TEST MODE, on every page (issue 23): while the platform takes no real payments (the offline
 * test provider, or Stripe's test keys, as `GET /api/config` says), a band above everything says
 * so, so nobody takes a test site for one with real money and real prizes. Nothing while the
 * answer is unknown or real payments are taken.
 */
export function TestModeBanner() {
  const theme = useTheme()
  const config = usePaymentConfig()
  if (config.data?.testMode !== true) return null
  return (
    <aside
      aria-label="Test mode"
      data-testid="test-mode-banner"
      css={css`
        padding: 8px 16px;
        background: ${theme.palette.warning.soft};
        border-bottom: 2px solid ${theme.palette.warning.main};
        color: ${theme.palette.warning.text};
        font-size: 0.875rem;
        text-align: center;
      `}
    >
      <strong>TEST MODE</strong>: this site takes no real payments and no prize here is real.
    </aside>
  )
}
