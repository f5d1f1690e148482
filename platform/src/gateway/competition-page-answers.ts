import type { CompetitionPageAnswers, PublicCompetitionDetail } from '@prizes/contracts'
import type { FindPageAnswers } from './competition-lookup'

type PageAnswers = Awaited<ReturnType<FindPageAnswers>>

/**
 * A competition page's answers from the competition and the site's answers as their lookups
 * hold them, one object per pair: the render is kept per answers object, so while both lookups
 * reuse their answers every visit to the page is sent the one render. Held weakly: a pair goes
 * once either lookup lets go of its half.
 */
export function competitionPageAnswers() {
  const made = new WeakMap<PublicCompetitionDetail, WeakMap<PageAnswers, CompetitionPageAnswers>>()
  return function answersOf(competition: PublicCompetitionDetail, page: PageAnswers): CompetitionPageAnswers {
    const byPage = made.get(competition) ?? new WeakMap<PageAnswers, CompetitionPageAnswers>()
    made.set(competition, byPage)
    const known = byPage.get(page)
    if (known) return known
    const answers: CompetitionPageAnswers = {
      page: 'competition',
      getCompetition: { success: true, competition },
      publicSettings: page.publicSettings,
      paymentConfig: page.paymentConfig,
      contactDetails: page.contactDetails,
      renderedAt: new Date().toISOString(),
    }
    byPage.set(page, answers)
    return answers
  }
}
