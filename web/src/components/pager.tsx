import { css, useTheme } from '@emotion/react'
import type { ReactNode } from 'react'
import { Button } from './button'

/** Previous, where you are, Next: the frame both pagers share. */
function PagerNav({
  label,
  canGoBack,
  canGoOn,
  onPrevious,
  onNext,
  className,
  children,
}: {
  readonly label: string
  readonly canGoBack: boolean
  readonly canGoOn: boolean
  readonly onPrevious: () => void
  readonly onNext: () => void
  readonly className?: string
  /** Where you are ("Page 2 of 5"). */
  readonly children: ReactNode
}) {
  const theme = useTheme()
  return (
    <nav
      aria-label={label}
      className={className}
      css={css`
        display: flex;
        align-items: center;
        justify-content: flex-end;
        gap: 12px;
        color: ${theme.palette.text.secondary};
      `}
    >
      <Button type="button" size="sm" variant="outline" disabled={!canGoBack} onClick={onPrevious}>
        Previous
      </Button>
      <span aria-live="polite">{children}</span>
      <Button type="button" size="sm" variant="outline" disabled={!canGoOn} onClick={onNext}>
        Next
      </Button>
    </nav>
  )
}

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
  if (pageCount <= 1) return null
  return (
    <PagerNav
      label={label}
      canGoBack={page > 1}
      canGoOn={page < pageCount}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
    >
      Page {page} of {pageCount}
    </PagerNav>
  )
}

interface MorePagerProps {
  /** Names the navigation for screen readers ("Users pages"). */
  readonly label: string
  /** 1-based. */
  readonly page: number
  /** The server's word that another page follows this one. */
  readonly hasMore: boolean
  readonly onPage: (page: number) => void
  /** While a page is on its way, neither button moves. */
  readonly busy?: boolean
  /** Said after the page number ("(15 a page)"). */
  readonly note?: string
  readonly className?: string
}

/**
 * Previous and Next over pages whose count is not known (keyset or limit+1 lists): the server
 * says whether more follow. Nothing on a first page that is also the last.
 */
export function MorePager({ label, page, hasMore, onPage, busy = false, note, className }: MorePagerProps) {
  if (page <= 1 && !hasMore) return null
  return (
    <PagerNav
      label={label}
      canGoBack={page > 1 && !busy}
      canGoOn={hasMore && !busy}
      onPrevious={() => onPage(page - 1)}
      onNext={() => onPage(page + 1)}
      className={className}
    >
      Page {page}
      {note ? ` ${note}` : ''}
    </PagerNav>
  )
}
