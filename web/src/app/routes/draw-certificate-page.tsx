import { useMemo } from 'react'
import { Link, useParams } from 'wouter'
import { ContentPage } from '../../components/content-page'
import { useDrawCertificate } from '../../features/draws/api/get-draw-certificate'
import { DrawFacts, VerdictStatus, VerificationSteps } from '../../features/draws/components/certificate-view'
import { FindYourTickets } from '../../features/draws/components/find-your-tickets'
import { verifyCertificate } from '../../features/draws/model/certificate'

const lead =
  'Your browser fetches this draw’s sealed list and facts and re-runs the draw on them: nothing here is taken on trust from the server. The list names entries by reference only.'

/** The public draw certificate (DESIGN section 8); loaded lazily, the home page does not pay for it. */
export default function DrawCertificatePage() {
  const { competitionId = '' } = useParams<{ competitionId: string }>()
  const { data, isPending, isError, error } = useDrawCertificate(competitionId)
  const result = useMemo(() => (data ? verifyCertificate(data) : undefined), [data])

  if (isPending) {
    return (
      <ContentPage title="Draw certificate" lead={lead}>
        <p role="status">Fetching the draw’s certificate…</p>
      </ContentPage>
    )
  }
  if (isError || !data || !result) {
    return (
      <ContentPage title="Draw certificate">
        <p role="status">{isError ? error.message : 'No completed draw for this competition'}</p>
        <p>
          <Link href="/#winners">See the recent winners</Link>
        </p>
      </ContentPage>
    )
  }
  return (
    <ContentPage title="Draw certificate" lead={lead}>
      <VerdictStatus result={result} />
      <h2>Find your tickets</h2>
      <FindYourTickets certificate={data} />
      <h2>The draw</h2>
      <DrawFacts result={result} />
      <h2>Verifier steps</h2>
      <VerificationSteps result={result} />
      <h2>Check it yourself</h2>
      <p>
        {result.testChain
          ? 'The public randomness is the round of the TEST drand chain named above (TEST MODE): its secret key is published with the platform’s tests, so its rounds show the checks working, not that nobody could know the value in advance.'
          : 'The public randomness is drand’s quicknet round named above, published after the list was sealed. When its signature was recorded, this page has already checked it against drand’s public key; anyone can also fetch the round from drand and compare.'}{' '}
        The sealed list’s hash is sha256 of one line “ticket reference” per ticket, in ticket order. The
        operator’s audit tool checks the same draw against the full record.
      </p>
    </ContentPage>
  )
}
