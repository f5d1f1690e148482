import { css, useTheme } from '@emotion/react'
import { type BandedStrength, type RegisterStrength, registerPasswordStrength } from '@prizes/domain'

type MeterTone = 'error' | 'warning' | 'info' | 'success'

interface StrengthMeterProps {
  readonly label: string
  /** 0 to 1. */
  readonly fraction: number
  readonly tone: MeterTone
}

/** A bar and its words, given to a password field as its hint so the words are read with it. */
function StrengthMeter({ label, fraction, tone }: StrengthMeterProps) {
  const theme = useTheme()
  return (
    <div
      css={css`
        display: grid;
        gap: 6px;
      `}
    >
      <div
        aria-hidden="true"
        css={css`
          height: 6px;
          border-radius: ${theme.radius.pill};
          background: ${theme.palette.background.muted};
          overflow: hidden;
        `}
      >
        <div
          css={css`
            width: ${Math.max(fraction, 0.04) * 100}%;
            height: 100%;
            border-radius: inherit;
            background: ${theme.palette[tone].main};
            transition: width 200ms ease;
          `}
        />
      </div>
      <p
        data-testid="password-strength"
        css={css`
          font-size: 0.8125rem;
          color: ${theme.palette.text.secondary};
        `}
      >
        Password strength:{' '}
        <strong
          css={css`
            color: ${theme.palette[tone].text};
          `}
        >
          {label}
        </strong>
      </p>
    </div>
  )
}

const registerTones: Record<RegisterStrength['level'], MeterTone> = {
  0: 'error',
  1: 'error',
  2: 'warning',
  3: 'info',
  4: 'success',
}

/** Register form: Very Weak to Strong (SPEC section 4). */
export function RegisterStrengthMeter({ password }: { readonly password: string }) {
  const { level, label } = registerPasswordStrength(password)
  return <StrengthMeter label={label} fraction={level / 4} tone={registerTones[level]} />
}

const bandTones: Record<BandedStrength['label'], MeterTone> = {
  Weak: 'error',
  Medium: 'warning',
  Strong: 'success',
}

/** Change-password tab and reset page: Weak, Medium, Strong, each scored its own way. */
export function BandedStrengthMeter({ strength }: { readonly strength: BandedStrength }) {
  return (
    <StrengthMeter label={strength.label} fraction={strength.score / 100} tone={bandTones[strength.label]} />
  )
}
