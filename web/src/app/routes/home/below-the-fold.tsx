import { ContactSection } from './contact-section'
import { FaqsSection } from './faqs-section'
import { HowToPlaySection } from './how-to-play-section'
import { NewsletterSection } from './newsletter-section'
import { SuccessStatsSection } from './success-stats-section'
import { TrustSection } from './trust-section'
import { WinnersSection } from './winners-section'

/**
 * The home page's sections after the Live Competitions grid, in SPEC section 2's order: how to
 * play, trust indicators, success stories (with the recent winners), FAQ, contact and the
 * newsletter. A chunk of
 * their own, fetched as the page starts: the first paint needs only the hero and the grid.
 */
export default function BelowTheFold() {
  return (
    <>
      <HowToPlaySection />
      <TrustSection />
      <SuccessStatsSection />
      <WinnersSection />
      <FaqsSection />
      <ContactSection />
      <NewsletterSection />
    </>
  )
}
