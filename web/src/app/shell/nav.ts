/** Home-page sections the shell links to; each id is on a <section> of the home page. */
export const sectionLinks = [
  { id: 'competitions', label: 'Competitions' },
  { id: 'winners', label: 'Winners' },
  { id: 'faqs', label: 'FAQs' },
  { id: 'contact', label: 'Contact' },
] as const

export type SectionId = (typeof sectionLinks)[number]['id']

export const legalLinks = [
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-and-conditions', label: 'Terms & Conditions' },
  { href: '/responsible-gaming', label: 'Responsible Gaming' },
  { href: '/our-commitments', label: 'Our Commitments' },
  { href: '/complaints', label: 'Complaints' },
] as const
