import { css, useTheme } from '@emotion/react'
import {
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react'
import { EyeIcon } from './icons/eye'
import { EyeOffIcon } from './icons/eye-off'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>

interface TextFieldProps extends InputProps {
  readonly label: string
  readonly value: string
  readonly onValueChange: (value: string) => void
  /** Shown under the field in the error colour, and announced with it. */
  readonly error?: string | undefined
  /** Help that stays under the field. */
  readonly hint?: ReactNode
  /** Rendered inside the field's right edge (the show-password button). */
  readonly trailing?: ReactNode
}

export function TextField({ label, value, onValueChange, error, hint, trailing, ...input }: TextFieldProps) {
  const theme = useTheme()
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      control={(ids) => (
        <div
          css={css`
            position: relative;
          `}
        >
          <input
            {...input}
            {...bound(ids, value, onValueChange, error)}
            css={[
              controlStyle(theme, Boolean(error)),
              css`
                padding-right: ${trailing ? '48px' : '14px'};
                background: ${input.readOnly ? theme.palette.background.muted : theme.palette.background.surface};
                &::placeholder {
                  color: #64748b;
                }
              `,
            ]}
          />
          {trailing && (
            <div
              css={css`
                position: absolute;
                top: 50%;
                right: 4px;
                transform: translateY(-50%);
              `}
            >
              {trailing}
            </div>
          )}
        </div>
      )}
    />
  )
}

export function FieldError({ id, children }: { readonly id: string; readonly children: ReactNode }) {
  const theme = useTheme()
  return (
    <p
      id={id}
      css={css`
        font-size: 0.8125rem;
        font-weight: 600;
        color: ${theme.palette.error.text};
      `}
    >
      {children}
    </p>
  )
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>

/** A password input with a button that shows what was typed, for people on small keyboards. */
export function PasswordField(props: PasswordFieldProps) {
  const theme = useTheme()
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          css={css`
            display: grid;
            place-items: center;
            width: 40px;
            height: 40px;
            border: none;
            border-radius: ${theme.radius.pill};
            background: transparent;
            color: ${theme.palette.text.secondary};
            cursor: pointer;
            &:hover {
              background: ${theme.palette.background.muted};
            }
          `}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      }
    />
  )
}

type ControlProps<A> = Omit<A, 'onChange' | 'value' | 'id'> & {
  readonly label: string
  readonly value: string
  readonly onValueChange: (value: string) => void
  readonly error?: string | undefined
  readonly hint?: ReactNode
}

/** Label, control, hint and error wired together, for every labelled field here. */
export function LabelledControl({
  label,
  error,
  hint,
  control,
}: {
  readonly label: string
  readonly error?: string | undefined
  readonly hint?: ReactNode
  readonly control: (ids: { id: string; describedBy: string | undefined }) => ReactNode
}) {
  const theme = useTheme()
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div
      css={css`
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 6px;
      `}
    >
      <label
        htmlFor={id}
        css={css`
          font-size: 0.875rem;
          font-weight: 600;
          color: ${theme.palette.text.primary};
        `}
      >
        {label}
      </label>
      {control({ id, describedBy })}
      {hint && (
        <div
          id={hintId}
          css={css`
            font-size: 0.8125rem;
            color: ${theme.palette.text.secondary};
          `}
        >
          {hint}
        </div>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  )
}

/** What every text control here takes from its field: id, value, change, and its error wiring. */
function bound(
  { id, describedBy }: { id: string; describedBy: string | undefined },
  value: string,
  onValueChange: (value: string) => void,
  error: string | undefined,
) {
  return {
    id,
    value,
    onChange: (event: { target: { value: string } }) => onValueChange(event.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const
}

const controlStyle = (theme: ReturnType<typeof useTheme>, invalid: boolean) => css`
  width: 100%;
  min-height: 46px;
  padding: 10px 14px;
  border: 1.5px solid ${invalid ? theme.palette.error.main : '#94a3b8'};
  border-radius: ${theme.radius.md};
  background: ${theme.palette.background.surface};
  color: ${theme.palette.text.primary};
  font: inherit;
  font-size: 1rem;
  &:focus-visible {
    outline: 3px solid ${theme.palette.focus};
    outline-offset: 1px;
    border-color: ${theme.palette.primary.main};
  }
`

/** A multi-line text field (a description). */
export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  hint,
  ...textarea
}: ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const theme = useTheme()
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      control={(ids) => (
        <textarea
          rows={4}
          {...textarea}
          {...bound(ids, value, onValueChange, error)}
          css={[
            controlStyle(theme, Boolean(error)),
            css`
              resize: vertical;
            `,
          ]}
        />
      )}
    />
  )
}

/** A native select: the platform's own keyboard and screen-reader behaviour. */
export function SelectField({
  label,
  value,
  onValueChange,
  error,
  hint,
  options,
  ...select
}: ControlProps<SelectHTMLAttributes<HTMLSelectElement>> & {
  readonly options: readonly { readonly value: string; readonly label: string }[]
}) {
  const theme = useTheme()
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      control={(ids) => (
        <select
          {...select}
          {...bound(ids, value, onValueChange, error)}
          css={controlStyle(theme, Boolean(error))}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  )
}

/**
 * Fields one under the other; `noValidate` because every rule is ours, with our sentences. The
 * column may shrink below its content's width (a date input, a row of buttons), so a form never
 * pushes a phone's dialog sideways. A plain component with the css prop, as Button is: the home
 * page's forms would otherwise bring @emotion/styled's runtime with them.
 */
export function FormStack(props: ComponentProps<'form'>) {
  return (
    <form
      css={css`
        display: grid;
        gap: 16px;
        grid-template-columns: minmax(0, 1fr);
      `}
      {...props}
    />
  )
}

/** Two fields side by side from 600 px up (first and last name). */
export function FieldRow(props: ComponentProps<'div'>) {
  const theme = useTheme()
  return (
    <div
      css={css`
        display: grid;
        gap: 16px;
        grid-template-columns: minmax(0, 1fr);
        ${theme.mq.sm} {
          grid-template-columns: repeat(2, minmax(0, 1fr));
        }
      `}
      {...props}
    />
  )
}
