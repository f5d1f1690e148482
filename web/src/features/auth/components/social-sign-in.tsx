import { css, useTheme } from '@emotion/react'
import { Button } from '../../../components/button'
import { showSnackbar } from '../../../stores/ui-store'
import { authFallbacks } from '../model/messages'

const providers = ['Google', 'Facebook'] as const

/** SPEC section 2: social login only says it is coming soon. */
export function SocialSignIn() {
  const theme = useTheme()
  return (
    <div
      css={css`
        display: grid;
        gap: 12px;
        margin-top: 20px;
      `}
    >
      <p
        css={css`
          display: flex;
          align-items: center;
          gap: 12px;
          font-size: 0.8125rem;
          color: ${theme.palette.text.secondary};
          &::before,
          &::after {
            content: '';
            flex: 1;
            height: 1px;
            background: ${theme.palette.border};
          }
        `}
      >
        or continue with
      </p>
      <div
        css={css`
          display: grid;
          grid-template-columns: 1fr 1fr;
          gap: 12px;
        `}
      >
        {providers.map((provider) => (
          <Button
            key={provider}
            type="button"
            variant="outline"
            onClick={() => showSnackbar(authFallbacks.socialComingSoon(provider), { severity: 'info' })}
          >
            {provider}
          </Button>
        ))}
      </div>
    </div>
  )
}
