import { css, type Theme, useTheme } from '@emotion/react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { CloseIcon } from './icons/close'
import { enterTopLayer, isTopLayer, leaveTopLayer } from './top-layer'

interface DialogProps {
  readonly open: boolean
  readonly onClose: () => void
  readonly title: string
  readonly children: ReactNode
  /** Buttons at the foot of the dialog. */
  readonly actions?: ReactNode
  /** A sheet sliding in from the side (the mobile menu) or the whole screen (the dashboard) instead of a centred card. */
  readonly placement?: 'center' | 'side' | 'full'
  /** Width of a centred dialog: a message (sm), a form (md), a long form (lg) or a table (xl). */
  readonly size?: 'sm' | 'md' | 'lg' | 'xl'
  readonly id?: string
  /**
   * Why the dialog cannot be closed now (a payment in flight), or null when it can. While set,
   * Escape, a backdrop click and the close button do nothing, and the close button says why.
   */
  readonly lockedReason?: string | null
}

const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`

const widths = { sm: 440, md: 560, lg: 680, xl: 1080 } as const

const placementStyles = {
  center: (theme: Theme, width: number) => css`
    width: min(${width}px, calc(100vw - 24px));
    max-height: calc(100dvh - 24px);
    border-radius: ${theme.radius.lg};
  `,
  side: () => css`
    margin: 0 0 0 auto;
    width: min(340px, 88vw);
    height: 100dvh;
    max-height: 100dvh;
  `,
  full: (theme: Theme) => css`
    margin: 0;
    width: 100vw;
    max-width: 100vw;
    height: 100dvh;
    max-height: 100dvh;
    background: ${theme.palette.background.page};
  `,
} as const

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page inert and puts the
 * dialog in the top layer. We add backdrop clicks, focus return, focus on the first visible
 * element marked `data-autofocus`, and Escape as a stack: it closes only the newest open dialog
 * (an admin's sub-dialog, not the dashboard under it), and nothing while that one is locked.
 * The browser's own close on Escape is prevented, so every close goes through `onClose`.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  placement = 'center',
  size = 'sm',
  id,
  lockedReason = null,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const lockedId = useId()
  const theme = useTheme()
  const locked = lockedReason !== null
  // Read by the Escape listener, which lives as long as the dialog is open.
  const closing = useRef({ onClose, locked })
  closing.current = { onClose, locked }
  /** Escape, the backdrop or the close button: closes unless locked. */
  const requestClose = () => {
    if (!closing.current.locked) closing.current.onClose()
  }

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    // The browser focuses the first control (the close button); a form asks for its first field instead.
    const preferred = Array.from(dialog.querySelectorAll<HTMLElement>('[data-autofocus]')).find(
      (element) => element.offsetParent !== null,
    )
    preferred?.focus()
    enterTopLayer(dialog)
    // Bubbling, so a menu inside that handles its own Escape (and prevents it) keeps it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !isTopLayer(dialog)) return
      // Stops the browser's close request, which would close the dialog behind React's back.
      event.preventDefault()
      if (!closing.current.locked) closing.current.onClose()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      leaveTopLayer(dialog)
      dialog.close()
      opener?.focus()
    }
  }, [open])

  if (!open) return null

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard way out is Escape, handled on the document; the click is for the backdrop
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      aria-busy={locked || undefined}
      onCancel={(event) => {
        // Any other close request (a phone's back gesture): ours to decide, for this dialog only.
        event.preventDefault()
        if (event.target === event.currentTarget && isTopLayer(event.currentTarget)) requestClose()
      }}
      onClick={(event) => {
        // A click whose target is the dialog itself landed on the backdrop.
        if (event.target === event.currentTarget) requestClose()
      }}
      css={css`
        border: none;
        padding: 0;
        color: ${theme.palette.text.primary};
        background: ${theme.palette.background.surface};
        box-shadow: ${theme.shadow.raised};
        &::backdrop {
          background: rgb(15 23 42 / 55%);
        }
        ${placementStyles[placement](theme, widths[size])}
      `}
    >
      <div
        css={css`
          display: flex;
          flex-direction: column;
          gap: 16px;
          padding: 24px;
          height: 100%;
        `}
      >
        <div
          css={css`
            display: flex;
            align-items: flex-start;
            justify-content: space-between;
            gap: 16px;
          `}
        >
          <h2
            id={titleId}
            css={css`
              font-size: 1.25rem;
            `}
          >
            {title}
          </h2>
          <button
            type="button"
            aria-label="Close"
            // Still focusable while locked, so the reason is read out rather than the button vanishing.
            aria-disabled={locked || undefined}
            aria-describedby={locked ? lockedId : undefined}
            title={lockedReason ?? undefined}
            onClick={requestClose}
            css={css`
              display: grid;
              place-items: center;
              flex: none;
              width: 40px;
              height: 40px;
              margin: -8px -8px 0 0;
              border: none;
              border-radius: ${theme.radius.pill};
              background: transparent;
              color: ${theme.palette.text.secondary};
              cursor: pointer;
              &:hover {
                background: ${theme.palette.background.muted};
              }
              &[aria-disabled='true'] {
                opacity: 0.4;
                cursor: not-allowed;
                background: transparent;
              }
            `}
          >
            <CloseIcon />
          </button>
          {locked && (
            <span id={lockedId} css={visuallyHidden}>
              {lockedReason}
            </span>
          )}
        </div>
        <div
          css={css`
            color: ${theme.palette.text.secondary};
            flex: 1;
          `}
        >
          {children}
        </div>
        {actions && (
          <div
            css={css`
              display: flex;
              justify-content: flex-end;
              flex-wrap: wrap;
              gap: 12px;
            `}
          >
            {actions}
          </div>
        )}
      </div>
    </dialog>
  )
}
