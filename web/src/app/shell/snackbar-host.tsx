import { css, useTheme } from '@emotion/react'
import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useSnapshot } from 'valtio'
import { CloseIcon } from '../../components/icons/close'
import { useTopLayerElement } from '../../components/top-layer'
import { dismissSnackbar, type SnackbarSeverity, uiStore } from '../../stores/ui-store'

/**
 * Shows the latest message for its own duration (6 s unless told otherwise); a newer one
 * replaces it at once.
 * While a modal dialog is open the host lives inside it: the rest of the page is inert then.
 */
export function SnackbarHost() {
  const theme = useTheme()
  const { snackbar: current } = useSnapshot(uiStore)
  const host = useTopLayerElement()
  // The live region is new whenever it moves; its text arrives a moment later so it is announced.
  const [shown, setShown] = useState<{ id: number; host: HTMLElement | null } | null>(null)

  useEffect(() => {
    if (!current) return
    const timer = window.setTimeout(() => dismissSnackbar(current.id), current.durationMs)
    return () => window.clearTimeout(timer)
  }, [current])

  useEffect(() => {
    if (!current) return
    const timer = window.setTimeout(() => setShown({ id: current.id, host }), 50)
    return () => window.clearTimeout(timer)
  }, [current, host])

  const tone: Record<SnackbarSeverity, { background: string; color: string }> = {
    info: { background: theme.palette.text.primary, color: theme.palette.text.inverse },
    success: { background: theme.palette.success.main, color: theme.palette.success.contrast },
    warning: { background: theme.palette.warning.main, color: theme.palette.warning.contrast },
    error: { background: theme.palette.error.main, color: theme.palette.error.contrast },
  }

  const region = (
    // The live region stays in the page so screen readers announce what is added to it.
    <div
      role="status"
      aria-live="polite"
      css={css`
        position: fixed;
        left: 50%;
        bottom: 24px;
        z-index: 40;
        transform: translateX(-50%);
        width: max-content;
        max-width: calc(100vw - 32px);
      `}
    >
      {current && shown?.id === current.id && shown.host === host && (
        <div
          data-severity={current.severity}
          css={css`
            display: flex;
            align-items: center;
            gap: 12px;
            padding: 12px 8px 12px 18px;
            border-radius: ${theme.radius.md};
            box-shadow: ${theme.shadow.raised};
            font-weight: 600;
            background: ${tone[current.severity].background};
            color: ${tone[current.severity].color};
          `}
        >
          <span>{current.message}</span>
          <button
            type="button"
            aria-label="Dismiss message"
            onClick={() => dismissSnackbar(current.id)}
            css={css`
              display: grid;
              place-items: center;
              width: 32px;
              height: 32px;
              border: none;
              border-radius: ${theme.radius.pill};
              background: transparent;
              color: inherit;
              cursor: pointer;
              &:hover {
                background: rgb(255 255 255 / 16%);
              }
            `}
          >
            <CloseIcon size={18} />
          </button>
        </div>
      )}
    </div>
  )
  return host ? createPortal(region, host) : region
}
