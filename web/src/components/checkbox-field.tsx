import { css, useTheme } from '@emotion/react'
import { type ReactNode, useId } from 'react'
import { FieldError } from './form-field'

interface CheckboxFieldProps {
  readonly label: ReactNode
  readonly checked: boolean
  readonly onCheckedChange: (checked: boolean) => void
  readonly onBlur?: () => void
  readonly error?: string | undefined
  readonly name?: string
}

export function CheckboxField({ label, checked, onCheckedChange, onBlur, error, name }: CheckboxFieldProps) {
  const theme = useTheme()
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div
      css={css`
        display: grid;
        gap: 4px;
      `}
    >
      <div
        css={css`
          display: flex;
          align-items: flex-start;
          gap: 10px;
        `}
      >
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          css={css`
            flex: none;
            width: 20px;
            height: 20px;
            margin: 2px 0 0;
            accent-color: ${theme.palette.primary.main};
            cursor: pointer;
          `}
        />
        <label
          htmlFor={id}
          css={css`
            font-size: 0.9375rem;
            color: ${theme.palette.text.primary};
            cursor: pointer;
          `}
        >
          {label}
        </label>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  )
}
