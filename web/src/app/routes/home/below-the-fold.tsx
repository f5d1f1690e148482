import { type ComponentType, useEffect, useState } from 'react'
import { ContactSection } from './contact-section'
import { FaqsSection } from './faqs-section'
import { HowToPlaySection } from './how-to-play-section'
import { NewsletterSection } from './newsletter-section'
import { SuccessStatsSection } from './success-stats-section'
import { TrustSection } from './trust-section'
import { WinnersSection } from './winners-section'

/** SPEC section 2's order. */
const sections: readonly ComponentType[] = [
  HowToPlaySection,
  TrustSection,
  SuccessStatsSection,
  WinnersSection,
  FaqsSection,
  ContactSection,
  NewsletterSection,
]

/**
 * The home page's sections after the Live Competitions grid, in SPEC section 2's order: how to
 * play, trust indicators, success stories (with the recent winners), FAQ, contact and the
 * newsletter. A chunk of their own, fetched as the page starts: the first paint needs only the
 * hero and the grid. They are built one a frame, below the fold while the visitor reads the top
 * of the page, so building them never holds a phone's main thread for long (a link to one of
 * them waits for it, see `scrollToSection`).
 */
export default function BelowTheFold() {
  const [built, setBuilt] = useState(1)
  useEffect(() => {
    if (built < sections.length) setBuilt(built + 1)
  }, [built])
  return sections
    .slice(0, built)
    .map((Section) => <Section key={Section.name || sections.indexOf(Section)} />)
}
