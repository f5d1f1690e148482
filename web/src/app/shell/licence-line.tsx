import { css, useTheme } from '@emotion/react'
import { ShieldIcon } from '../../components/icons/shield'
import { useContactDetails } from '../../lib/contact-details'

/** The regulator or licence line as configured (OPERATOR_LICENCE); nothing when there is none. */
export function LicenceLine() {
  const theme = useTheme()
  const licence = useContactDetails().data?.licence
  if (!licence) return null
  return (
    <p
      data-testid="licence-line"
      css={css`
        display: flex;
        gap: 8px;
        font-size: 0.875rem;
      `}
    >
      <ShieldIcon size={18} css={{ flex: 'none', marginTop: '2px', color: theme.palette.accent.main }} />
      {licence}
    </p>
  )
}
