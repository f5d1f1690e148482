import { css, useTheme } from '@emotion/react'
import { Link } from 'wouter'
import { PostalAddress } from '../../../components/postal-address'

/** The contact section's free route (issue 24): where entries by post go, and where the rules are. */
export function PostalEntryNote() {
  const theme = useTheme()
  return (
    <div
      data-testid="contact-postal"
      css={css`
        display: grid;
        gap: 6px;
        color: ${theme.palette.text.secondary};
      `}
    >
      <strong
        css={css`
          color: ${theme.palette.text.primary};
        `}
      >
        Free entry by post:
      </strong>
      <PostalAddress />
      <span>
        One entry per envelope. See <Link href="/terms-and-conditions#free-entry">what to include</Link>.
      </span>
    </div>
  )
}
