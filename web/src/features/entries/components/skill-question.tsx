import { css, useTheme } from '@emotion/react'
import { useId } from 'react'

interface SkillQuestionProps {
  readonly question: string
  readonly options: readonly string[]
  readonly value: string
  readonly onChange: (answer: string) => void
  readonly onBlur: () => void
  readonly error?: string | undefined
}

/** The skill question as a radio group; any answer is accepted, only a correct one is drawn. */
export function SkillQuestion({ question, options, value, onChange, onBlur, error }: SkillQuestionProps) {
  const theme = useTheme()
  const name = useId()
  const errorId = `${name}-error`
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onBlur()
      }}
      css={css`
        display: grid;
        gap: 10px;
        margin: 0;
        padding: 0;
        border: none;
      `}
    >
      <legend
        css={css`
          padding: 0;
          margin-bottom: 10px;
          font-weight: 700;
          color: ${theme.palette.text.primary};
        `}
      >
        <span
          css={css`
            display: block;
            font-size: 0.8125rem;
            font-weight: 600;
            color: ${theme.palette.primary.text};
            text-transform: uppercase;
            letter-spacing: 0.04em;
          `}
        >
          Skill question
        </span>
        {question}
      </legend>
      <div
        css={css`
          display: grid;
          gap: 8px;
          ${theme.mq.sm} {
            grid-template-columns: 1fr 1fr;
          }
        `}
      >
        {options.map((option) => (
          <label
            key={option}
            css={css`
              display: flex;
              align-items: center;
              gap: 10px;
              min-height: 46px;
              padding: 10px 14px;
              border: 1.5px solid ${value === option ? theme.palette.primary.main : theme.palette.border};
              border-radius: ${theme.radius.md};
              background: ${value === option ? theme.palette.primary.soft : theme.palette.background.surface};
              color: ${theme.palette.text.primary};
              cursor: pointer;
              &:has(input:focus-visible) {
                outline: 3px solid ${theme.palette.focus};
                outline-offset: 1px;
              }
            `}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              css={css`
                width: 18px;
                height: 18px;
                margin: 0;
                accent-color: ${theme.palette.primary.main};
              `}
            />
            {option}
          </label>
        ))}
      </div>
      {error && (
        <p
          id={errorId}
          css={css`
            font-size: 0.8125rem;
            font-weight: 600;
            color: ${theme.palette.error.text};
          `}
        >
          {error}
        </p>
      )}
    </fieldset>
  )
}
