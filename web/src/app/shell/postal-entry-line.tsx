import { css, useTheme } from '@emotion/react'
import { Link } from 'wouter'
import { useContactDetails } from '../../lib/contact-details'

/**
 * The free route on every page (issue 24): where entries by post go (POSTAL_ADDRESS) and where
 * the rules are. In the footer, so a page rendered on the server shows it with scripts off;
 * nothing until the address is known (the contact section and each free-entry box say why).
 */
export function PostalEntryLine() {
  const theme = useTheme()
  const lines = useContactDetails().data?.postalAddress
  if (!lines) return null
  return (
    <p
      data-testid="footer-postal-entry"
      css={css`
        font-size: 0.875rem;
      `}
    >
      {`Free entry by post: ${lines.join(', ')}. `}
      <Link
        href="/terms-and-conditions#free-entry"
        css={css`
          color: ${theme.palette.accent.main};
          font-weight: 700;
        `}
      >
        What to include
      </Link>
    </p>
  )
}
