import { Link, useParams } from 'wouter'
import { Button } from '../../components/button'
import { ContentPage } from '../../components/content-page'
import { PageLoading } from '../../components/page-loading'
import { TakeOverLater } from '../../components/take-over-later'
import { useCompetition } from '../../features/competitions/api/get-competition'
import { useLiveCompetitions } from '../../features/competitions/api/live-competitions'
import { CompetitionDetails } from '../../features/competitions/components/competition-details'
import { NotFoundPage } from './not-found-page'

/** `/competitions/:id`: one competition's own page; loaded lazily, the home page does not pay for it. */
export default function CompetitionPage() {
  const { id = '' } = useParams<{ id: string }>()
  const { data, isPending, error, refetch, isFetching } = useCompetition(id)
  // Its sold count and status change live, as the home page's cards do.
  useLiveCompetitions()

  if (isPending) return <PageLoading />
  if (data === null) return <NotFoundPage />
  if (data === undefined) {
    return (
      <ContentPage title="Competition unavailable" lead={error?.message ?? 'Please try again in a moment.'}>
        <p>
          <Button type="button" variant="primary" onClick={() => refetch()} disabled={isFetching}>
            Try again
          </Button>
        </p>
        <p>
          <Link href="/#competitions">See all competitions</Link>
        </p>
      </ContentPage>
    )
  }
  // Taken over from the server's markup a task after the header, so no one task holds a phone's
  // main thread for the whole page.
  return (
    <TakeOverLater>
      <CompetitionDetails competition={data} />
    </TakeOverLater>
  )
}
