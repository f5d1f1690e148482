import { css, useTheme } from '@emotion/react'
import { Facts } from './table'

/** SPEC section 2's System Info: static facts about this build, nothing measured. */
const facts = [
  { term: 'Web app build', value: import.meta.env.MODE },
  { term: 'API', value: 'Same origin, /api' },
  { term: 'Draw randomness', value: 'drand beacon (quicknet)' },
  { term: 'Currency', value: 'GBP (£), 2 decimals' },
  { term: 'Dates', value: 'en-GB, UK time' },
  { term: 'Max image size', value: '5 MB' },
]

export function SystemInfo({ id, hidden }: { readonly id: string; readonly hidden: boolean }) {
  const theme = useTheme()
  return (
    <section
      id={id}
      hidden={hidden}
      aria-label="System Info"
      css={css`
        padding: 16px;
        border-radius: ${theme.radius.lg};
        background: ${theme.palette.background.surface};
        box-shadow: ${theme.shadow.card};
      `}
    >
      <Facts facts={facts} />
    </section>
  )
}
