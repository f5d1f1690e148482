import { useForgotPasswordLink } from '../../features/auth/components/use-forgot-password-link'
import { useLiveCompetitions } from '../../features/competitions/api/live-competitions'
import { LiveCompetitionsSection } from '../../features/competitions/components/live-competitions-section'
import { usePageTitle } from '../../lib/use-page-title'
import { ContactSection } from './home/contact-section'
import { FaqsSection } from './home/faqs-section'
import { HeroSection } from './home/hero-section'
import { HowToPlaySection } from './home/how-to-play-section'
import { NewsletterSection } from './home/newsletter-section'
import { WinnersSection } from './home/winners-section'

export function HomePage() {
  usePageTitle(null)
  useForgotPasswordLink()
  useLiveCompetitions()
  return (
    <>
      <HeroSection />
      <LiveCompetitionsSection />
      <HowToPlaySection />
      <WinnersSection />
      <FaqsSection />
      <ContactSection />
      <NewsletterSection />
    </>
  )
}
