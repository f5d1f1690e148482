import { css, useTheme } from '@emotion/react'
import { Switch } from '../../../components/switch'
import { showSnackbar } from '../../../stores/ui-store'
import { useSetWinnerName, useWinnerName } from '../api/winner-name'

/**
 * If you win (issue 24): your first name and surname initial are shown with your town or county
 * on the winners page, unless you object; then only "A winner from <town or county>".
 */
export function WinnerNameChoice({ userId }: { readonly userId: string }) {
  const theme = useTheme()
  const { data: shown, isPending, isError } = useWinnerName(userId)
  const change = useSetWinnerName(userId)
  const label = 'Show my name if I win'
  return (
    <section
      aria-labelledby="winner-name-heading"
      data-testid="winner-name-choice"
      css={css`
        display: grid;
        gap: 8px;
        margin-top: 24px;
        padding-top: 20px;
        border-top: 1px solid ${theme.palette.border};
      `}
    >
      <h3
        id="winner-name-heading"
        css={css`
          font-size: 1rem;
          font-weight: 800;
        `}
      >
        If you win
      </h3>
      <p
        css={css`
          color: ${theme.palette.text.secondary};
          font-size: 0.9375rem;
        `}
      >
        We publish winners by first name and surname initial with their town or county (for example "Grace H.,
        Leeds"). Turn this off and you are shown only as "A winner from" your town or county.
      </p>
      {isError ? (
        <p role="alert">Your choice could not be loaded just now. Please try again later.</p>
      ) : (
        <div
          css={css`
            display: flex;
            align-items: center;
            gap: 12px;
          `}
        >
          <Switch
            label={label}
            checked={shown ?? true}
            disabled={isPending || change.isPending}
            onCheckedChange={(next) =>
              change.mutate(next, {
                onSuccess: ({ message }) => showSnackbar(message ?? 'Saved', { severity: 'success' }),
                onError: (error) => showSnackbar(error.message, { severity: 'error' }),
              })
            }
          />
          <span aria-hidden="true">{label}</span>
        </div>
      )}
    </section>
  )
}
