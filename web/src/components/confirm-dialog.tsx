import { css, useTheme } from '@emotion/react'
import type { FormEvent, ReactNode } from 'react'
import { Alert } from './alert'
import { Button } from './button'
import { Dialog } from './dialog'

export type ConfirmColour = 'primary' | 'warning' | 'error'

interface ConfirmDialogProps {
  readonly open: boolean
  readonly title: string
  readonly message: ReactNode
  /** How serious the action is: the confirm button and the message's edge take this colour. */
  readonly colour: ConfirmColour
  readonly confirmLabel: string
  readonly cancelLabel?: string
  readonly onConfirm: () => void
  readonly onCancel: () => void
  /** The action is running: the confirm button waits. */
  readonly pending?: boolean
  /** Why the action failed; the dialog stays open so the admin can try again or step back. */
  readonly error?: string | null
  /** Extra fields (a reason), inside the dialog's form. */
  readonly children?: ReactNode
  readonly confirmDisabled?: boolean
}

/** Asks before a destructive or privileged action (SPEC section 2: a title, a message and a colour). */
export function ConfirmDialog({
  open,
  title,
  message,
  colour,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  pending = false,
  error = null,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const theme = useTheme()
  const tone = theme.palette[colour]
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!pending && !confirmDisabled) onConfirm()
  }
  return (
    <Dialog open={open} onClose={onCancel} title={title} size="md">
      <form
        onSubmit={submit}
        noValidate
        aria-label={title}
        css={css`
          display: grid;
          gap: 16px;
        `}
      >
        <div
          css={css`
            padding: 4px 0 4px 14px;
            border-left: 4px solid ${tone.main};
            color: ${theme.palette.text.primary};
          `}
        >
          {message}
        </div>
        {children}
        {error && <Alert tone="error">{error}</Alert>}
        <div
          css={css`
            display: flex;
            justify-content: flex-end;
            flex-wrap: wrap;
            gap: 12px;
          `}
        >
          <Button type="button" variant="outline" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            disabled={pending || confirmDisabled}
            css={css`
              background: ${tone.main};
              color: ${tone.contrast};
              &:hover:not(:disabled) {
                background: ${tone.dark};
              }
            `}
          >
            {pending ? 'Working…' : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
