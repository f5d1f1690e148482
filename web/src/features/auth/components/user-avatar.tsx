import { css, useTheme } from '@emotion/react'
import { initials } from '../model/initials'

/** The initials avatar, drawn here (SPEC's avatar service would send names to a third party). */
export function UserAvatar({
  firstName,
  lastName,
  size = 36,
}: {
  readonly firstName: string
  readonly lastName: string
  readonly size?: number
}) {
  const theme = useTheme()
  return (
    <span
      aria-hidden="true"
      css={css`
        display: inline-grid;
        place-items: center;
        flex: none;
        width: ${size}px;
        height: ${size}px;
        border-radius: ${theme.radius.pill};
        background: ${theme.palette.primary.main};
        color: ${theme.palette.primary.contrast};
        font-size: ${Math.round(size * 0.4)}px;
        font-weight: 800;
        letter-spacing: 0.02em;
      `}
    >
      {initials(firstName, lastName)}
    </span>
  )
}
