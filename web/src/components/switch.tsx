import { css, useTheme } from '@emotion/react'

interface SwitchProps {
  readonly label: string
  readonly checked: boolean
  readonly onCheckedChange: (checked: boolean) => void
  readonly disabled?: boolean
}

/** An on/off switch (WAI-ARIA switch on a button): Space or Enter toggles it. */
export function Switch({ label, checked, onCheckedChange, disabled = false }: SwitchProps) {
  const theme = useTheme()
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      css={css`
        position: relative;
        flex: none;
        width: 44px;
        height: 26px;
        padding: 0;
        border: 2px solid ${checked ? theme.palette.primary.main : '#64748b'};
        border-radius: ${theme.radius.pill};
        background: ${checked ? theme.palette.primary.main : theme.palette.background.muted};
        cursor: pointer;
        &:disabled {
          cursor: progress;
          opacity: 0.7;
        }
        &::after {
          content: '';
          position: absolute;
          top: 2px;
          left: ${checked ? '20px' : '2px'};
          width: 18px;
          height: 18px;
          border-radius: 50%;
          background: ${checked ? theme.palette.primary.contrast : '#64748b'};
          transition: left 150ms ease;
        }
        &:focus-visible {
          outline: 3px solid ${theme.palette.focus};
          outline-offset: 2px;
        }
      `}
    />
  )
}
