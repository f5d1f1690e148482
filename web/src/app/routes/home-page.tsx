import { lazy, Suspense } from 'react'
import { TakeOverLater } from '../../components/take-over-later'
import { useForgotPasswordLink } from '../../features/auth/components/use-forgot-password-link'
import { useLiveCompetitions } from '../../features/competitions/api/live-competitions'
import { LiveCompetitionsSection } from '../../features/competitions/components/live-competitions-section'
import { renderingOnServer } from '../../lib/server-render'
import { usePageTitle } from '../../lib/use-page-title'
import { HeroSection } from './home/hero-section'

const BelowTheFold = lazy(() => import('./home/below-the-fold'))

/**
 * SPEC section 2's home page, its sections in order: hero with the featured carousel, live
 * competitions, then (below the fold, loaded as a chunk of their own) how to play, trust
 * indicators, success stories with the recent winners, FAQ and contact; the newsletter follows.
 */
export function HomePage() {
  usePageTitle(null)
  useForgotPasswordLink()
  useLiveCompetitions()
  return (
    <>
      <HeroSection />
      <TakeOverLater>
        <LiveCompetitionsSection />
      </TakeOverLater>
      {!renderingOnServer && (
        <Suspense fallback={null}>
          <BelowTheFold />
        </Suspense>
      )}
    </>
  )
}
