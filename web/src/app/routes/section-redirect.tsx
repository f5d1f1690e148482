import { Redirect } from 'wouter'
import type { SectionId } from '../shell/nav'

/** /competitions, /winners, /faqs and /contact are sections of the home page (SPEC section 2). */
export function SectionRedirect({ section }: { readonly section: SectionId }) {
  return <Redirect to={`/#${section}`} replace />
}
