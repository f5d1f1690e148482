import { css, keyframes, useTheme } from '@emotion/react'

const spin = keyframes`
  to {
    transform: rotate(360deg);
  }
`

export function PageLoading() {
  const theme = useTheme()
  return (
    <div
      role="status"
      css={css`
        display: grid;
        justify-items: center;
        gap: 12px;
        padding: 120px 16px;
        color: ${theme.palette.text.secondary};
      `}
    >
      <span
        aria-hidden="true"
        css={css`
          width: 36px;
          height: 36px;
          border: 4px solid ${theme.palette.primary.soft};
          border-top-color: ${theme.palette.primary.main};
          border-radius: ${theme.radius.pill};
          animation: ${spin} 800ms linear infinite;
        `}
      />
      Loading…
    </div>
  )
}
