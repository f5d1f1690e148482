import { css } from '@emotion/react'
import { Link } from 'wouter'
import { Button } from '../../components/button'
import { ContentPage } from '../../components/content-page'
import { usePastWinners } from '../../features/draws/api/get-winners'
import { WinnersList } from '../../features/draws/components/winners-list'

/**
 * `/past-winners` (issue 24): every completed draw, newest first, a page at a time, each with its
 * winner as they chose to be named, their town or county, the winning ticket and the certificate.
 */
export default function PastWinnersPage() {
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    usePastWinners()
  const winners = data?.pages.flatMap((page) => page.winners) ?? []
  return (
    <ContentPage
      title="Past winners"
      lead="Every competition we have drawn, newest first. Each draw has a certificate anyone can check."
    >
      <p>
        Winners are shown by first name and the initial of their surname, with their town or county; a winner
        who asks is shown only as a winner from their town or county.
      </p>
      {isPending ? (
        <p role="status">Loading the winners…</p>
      ) : isError && winners.length === 0 ? (
        <p role="alert">
          The winners could not be loaded just now.{' '}
          <Button type="button" variant="outline" onClick={() => refetch()}>
            Try again
          </Button>
        </p>
      ) : winners.length === 0 ? (
        <p>
          No draws have been completed yet. <Link href="/#competitions">See the competitions open now</Link>.
        </p>
      ) : (
        <div
          css={css`
            display: grid;
            gap: 24px;
            justify-items: start;
          `}
        >
          <WinnersList winners={winners} label="Past winners" />
          {hasNextPage && (
            <Button
              type="button"
              variant="outline"
              onClick={() => fetchNextPage()}
              disabled={isFetchingNextPage}
            >
              {isFetchingNextPage ? 'Loading…' : 'Show earlier winners'}
            </Button>
          )}
        </div>
      )}
    </ContentPage>
  )
}
