import { sitePages } from '@prizes/contracts'
import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { PageLoading } from '../components/page-loading'
import { preloadable } from '../lib/preloadable'
import { HomePage } from './routes/home-page'
import { NotFoundPage } from './routes/not-found-page'
import { SectionRedirect } from './routes/section-redirect'

const AboutPage = lazy(() => import('./routes/about-page'))
const VerifyEmailPage = lazy(() => import('./routes/verify-email-page'))
const ResetPasswordPage = lazy(() => import('./routes/reset-password-page'))
const FinishSetupPage = lazy(() => import('./routes/finish-setup-page'))
const DrawCertificatePage = lazy(() => import('./routes/draw-certificate-page'))
const PastWinnersPage = lazy(() => import('./routes/past-winners-page'))
const NewsletterConfirmPage = lazy(() => import('./routes/newsletter-link-page'))
const NewsletterUnsubscribePage = lazy(() =>
  import('./routes/newsletter-link-page').then((page) => ({ default: page.NewsletterUnsubscribePage })),
)
/** Rendered on the server like the home page: the gateway's render and the browser's takeover preload it. */
export const CompetitionPage = preloadable(() => import('./routes/competition-page'))
const PrivacyPolicyPage = lazy(() =>
  import('./routes/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
)
const TermsPage = lazy(() => import('./routes/terms-page').then((m) => ({ default: m.TermsPage })))
const ResponsibleGamingPage = lazy(() =>
  import('./routes/responsible-gaming-page').then((m) => ({ default: m.ResponsibleGamingPage })),
)

const ComplaintsPage = lazy(() =>
  import('./routes/complaints-page').then((m) => ({ default: m.ComplaintsPage })),
)
const CommitmentsPage = lazy(() =>
  import('./routes/commitments-page').then((m) => ({ default: m.CommitmentsPage })),
)

/** SPEC section 2, routes; the paths are the gateway's too, which answers any other with 404. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={sitePages.home.path} component={HomePage} />
      <Route path={sitePages.about.path}>
        <Suspense fallback={<PageLoading />}>
          <AboutPage />
        </Suspense>
      </Route>
      <Route path={sitePages.competitions.path}>
        <SectionRedirect section="competitions" />
      </Route>
      <Route path={sitePages.competition.path}>
        <Suspense fallback={<PageLoading />}>
          <CompetitionPage />
        </Suspense>
      </Route>
      <Route path={sitePages.winners.path}>
        <SectionRedirect section="winners" />
      </Route>
      <Route path={sitePages.pastWinners.path}>
        <Suspense fallback={<PageLoading />}>
          <PastWinnersPage />
        </Suspense>
      </Route>
      <Route path={sitePages.faqs.path}>
        <SectionRedirect section="faqs" />
      </Route>
      <Route path={sitePages.contact.path}>
        <SectionRedirect section="contact" />
      </Route>
      <Route path={sitePages.verifyEmail.path}>
        <Suspense fallback={<PageLoading />}>
          <VerifyEmailPage />
        </Suspense>
      </Route>
      <Route path={sitePages.resetPassword.path}>
        <Suspense fallback={<PageLoading />}>
          <ResetPasswordPage />
        </Suspense>
      </Route>
      <Route path={sitePages.finishSetup.path}>
        <Suspense fallback={<PageLoading />}>
          <FinishSetupPage />
        </Suspense>
      </Route>
      <Route path={sitePages.newsletterConfirm.path}>
        <Suspense fallback={<PageLoading />}>
          <NewsletterConfirmPage />
        </Suspense>
      </Route>
      <Route path={sitePages.newsletterUnsubscribe.path}>
        <Suspense fallback={<PageLoading />}>
          <NewsletterUnsubscribePage />
        </Suspense>
      </Route>
      <Route path={sitePages.drawCertificate.path}>
        <Suspense fallback={<PageLoading />}>
          <DrawCertificatePage />
        </Suspense>
      </Route>
      <Route path={sitePages.privacyPolicy.path}>
        <Suspense fallback={<PageLoading />}>
          <PrivacyPolicyPage />
        </Suspense>
      </Route>
      <Route path={sitePages.terms.path}>
        <Suspense fallback={<PageLoading />}>
          <TermsPage />
        </Suspense>
      </Route>
      <Route path={sitePages.responsibleGaming.path}>
        <Suspense fallback={<PageLoading />}>
          <ResponsibleGamingPage />
        </Suspense>
      </Route>
      <Route path={sitePages.complaints.path}>
        <Suspense fallback={<PageLoading />}>
          <ComplaintsPage />
        </Suspense>
      </Route>
      <Route path={sitePages.commitments.path}>
        <Suspense fallback={<PageLoading />}>
          <CommitmentsPage />
        </Suspense>
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  )
}
