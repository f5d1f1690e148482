import { css, useTheme } from '@emotion/react'
import { Button } from './button'

interface PagerProps {
  /** Names the navigation for screen readers ("Competitions pages"). */
  readonly label: string
  /** 1-based. */
  readonly page: number
  readonly pageCount: number
  readonly onPage: (page: number) => void
}

/** Previous and Next with where you are; nothing when everything fits on one page. */
export function Pager({ label, page, pageCount, onPage }: PagerProps) {
  const theme = useTheme()
  if (pageCount <= 1) return null
  return (
    <nav
      aria-label={label}
      css={css`
        display: flex;
        align-items: center;
        justify-content: flex-end;
        gap: 12px;
        color: ${theme.palette.text.secondary};
      `}
    >
      <Button type="button" size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  )
}
