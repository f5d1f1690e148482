import { css, useTheme } from '@emotion/react'
import { useId } from 'react'
import { formatPrice } from '../../../lib/format'
import { totalCost } from '../model/entry-form'

interface EntriesSliderProps {
  readonly value: number
  readonly max: number
  readonly price: number
  readonly onChange: (entries: number) => void
}

/** How many entries (1 to the competition's limit) and what they cost together. */
export function EntriesSlider({ value, max, price, onChange }: EntriesSliderProps) {
  const theme = useTheme()
  const id = useId()
  return (
    <div
      css={css`
        display: grid;
        gap: 8px;
        padding: 14px 16px;
        border-radius: ${theme.radius.md};
        background: ${theme.palette.background.muted};
      `}
    >
      <div
        css={css`
          display: flex;
          justify-content: space-between;
          align-items: baseline;
          gap: 12px;
          color: ${theme.palette.text.primary};
        `}
      >
        <label
          htmlFor={id}
          css={css`
            font-size: 0.875rem;
            font-weight: 600;
          `}
        >
          Number of entries
        </label>
        <output htmlFor={id} aria-live="polite" data-testid="entry-total">
          {value} × {formatPrice(price)} ={' '}
          <strong
            css={css`
              font-size: 1.125rem;
            `}
          >
            {formatPrice(totalCost(price, value))}
          </strong>
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={1}
        max={Math.max(1, max)}
        step={1}
        value={value}
        disabled={max <= 1}
        aria-valuetext={`${value} ${value === 1 ? 'entry' : 'entries'}`}
        onChange={(event) => onChange(Number(event.target.value))}
        css={css`
          width: 100%;
          accent-color: ${theme.palette.primary.main};
        `}
      />
      <div
        css={css`
          display: flex;
          justify-content: space-between;
          font-size: 0.8125rem;
          color: ${theme.palette.text.secondary};
        `}
      >
        <span>1</span>
        <span>{max <= 1 ? 'Only 1 entry available' : `Up to ${max}`}</span>
      </div>
    </div>
  )
}
