import { useForgotPasswordLink } from '../../features/auth/components/use-forgot-password-link'
import { LiveCompetitionsSection } from '../../features/competitions/components/live-competitions-section'
import { usePageTitle } from '../../lib/use-page-title'
import { ContactSection } from './home/contact-section'
import { FaqsSection } from './home/faqs-section'
import { HeroSection } from './home/hero-section'
import { HowToPlaySection } from './home/how-to-play-section'
import { SuccessStatsSection } from './home/success-stats-section'
import { TrustSection } from './home/trust-section'
import { WinnersSection } from './home/winners-section'

/**
 * SPEC section 2's home page, its sections in order: hero with the featured carousel, live
 * competitions, how to play, trust indicators, success stories (with the recent winners), FAQ,
 * contact and the newsletter.
 */
export function HomePage() {
  usePageTitle(null)
  useForgotPasswordLink()
  return (
    <>
      <HeroSection />
      <LiveCompetitionsSection />
      <HowToPlaySection />
      <TrustSection />
      <SuccessStatsSection />
      <WinnersSection />
      <FaqsSection />
      <ContactSection />
    </>
  )
}
