import { css, type Theme, useTheme } from '@emotion/react'
import styled from '@emotion/styled'
import type { ReactNode } from 'react'

/** A column's heading as a CSS string, for the label a cell shows on a card. */
const cssString = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`

/**
 * Below 600 px each row is a card: each cell under its column's heading (the header row is kept
 * for screen readers only), so nothing, the actions least of all, is off-screen.
 */
function asCards(theme: Theme, columns: readonly string[]) {
  const labels = columns
    .map((column, index) => `tbody tr > :nth-child(${index + 1})::before { content: ${cssString(column)}; }`)
    .join('\n')
  return css`
    ${theme.below.sm} {
      table,
      tbody,
      tr {
        display: block;
      }
      thead {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
        white-space: nowrap;
      }
      tbody tr {
        padding: 6px 0;
        border-bottom: 1px solid ${theme.palette.border};
      }
      tbody tr > th,
      tbody tr > td {
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: 2px;
        padding: 6px 12px;
        border-bottom: none;
        white-space: normal;
        text-align: left;
        overflow-wrap: anywhere;
      }
      tbody tr > *::before {
        font-size: 0.8125rem;
        font-weight: 700;
        color: ${theme.palette.text.secondary};
      }
      ${labels}
    }
  `
}

/**
 * A table that scrolls sideways on a narrow screen instead of squeezing its columns, and below
 * 600 px shows each row as a card: its header row names the `columns`; `children` are its bodies
 * (`<tbody>`).
 */
export function TableFrame({
  label,
  columns,
  children,
}: {
  readonly label: string
  readonly columns: readonly string[]
  readonly children: ReactNode
}) {
  const theme = useTheme()
  return (
    // A keyboard user scrolls a wide table by focusing its frame (WCAG 2.1.1); the region names it.
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable, since it may hold nothing else that is
      tabIndex={0}
      css={css`
        overflow-x: auto;
        &:focus-visible {
          outline: 3px solid ${theme.palette.focus};
          outline-offset: 2px;
        }
        border: 1px solid ${theme.palette.border};
        border-radius: ${theme.radius.md};
        background: ${theme.palette.background.surface};
        ${asCards(theme, columns)}
      `}
    >
      <table
        aria-label={label}
        css={css`
          width: 100%;
          border-collapse: collapse;
          font-size: 0.9375rem;
          color: ${theme.palette.text.primary};
        `}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <Th key={column} scope="col">
                {column}
              </Th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </section>
  )
}

export const Th = styled.th(({ theme }) => ({
  padding: '10px 12px',
  textAlign: 'left',
  fontSize: '0.8125rem',
  fontWeight: 700,
  whiteSpace: 'nowrap',
  color: theme.palette.text.secondary,
  background: theme.palette.background.muted,
  borderBottom: `1px solid ${theme.palette.border}`,
}))

export const Td = styled.td(({ theme }) => ({
  padding: '10px 12px',
  verticalAlign: 'top',
  borderBottom: `1px solid ${theme.palette.border}`,
}))

/** Label and value pairs (a summary, a winner's details). */
export function Facts({
  facts,
}: {
  readonly facts: readonly { readonly term: string; readonly value: ReactNode }[]
}) {
  const theme = useTheme()
  return (
    <dl
      css={css`
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(130px, 1fr));
        gap: 12px;
        margin: 0;
      `}
    >
      {facts.map((fact) => (
        <div
          key={fact.term}
          css={css`
            padding: 12px 14px;
            border-radius: ${theme.radius.md};
            background: ${theme.palette.background.muted};
          `}
        >
          <dt
            css={css`
              font-size: 0.8125rem;
              color: ${theme.palette.text.secondary};
            `}
          >
            {fact.term}
          </dt>
          <dd
            css={css`
              margin: 2px 0 0;
              font-weight: 700;
              color: ${theme.palette.text.primary};
              overflow-wrap: anywhere;
            `}
          >
            {fact.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
