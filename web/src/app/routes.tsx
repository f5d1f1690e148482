import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { PageLoading } from '../components/page-loading'
import { HomePage } from './routes/home-page'
import { NotFoundPage } from './routes/not-found-page'
import { SectionRedirect } from './routes/section-redirect'

const AboutPage = lazy(() => import('./routes/about-page'))
const VerifyEmailPage = lazy(() => import('./routes/verify-email-page'))
const ResetPasswordPage = lazy(() => import('./routes/reset-password-page'))
const FinishSetupPage = lazy(() => import('./routes/finish-setup-page'))
const DrawCertificatePage = lazy(() => import('./routes/draw-certificate-page'))
const CompetitionPage = lazy(() => import('./routes/competition-page'))
const PrivacyPolicyPage = lazy(() =>
  import('./routes/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
)
const TermsPage = lazy(() => import('./routes/terms-page').then((m) => ({ default: m.TermsPage })))
const ResponsibleGamingPage = lazy(() =>
  import('./routes/responsible-gaming-page').then((m) => ({ default: m.ResponsibleGamingPage })),
)

/** SPEC section 2, routes. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/about">
        <Suspense fallback={<PageLoading />}>
          <AboutPage />
        </Suspense>
      </Route>
      <Route path="/competitions">
        <SectionRedirect section="competitions" />
      </Route>
      <Route path="/competitions/:id">
        <Suspense fallback={<PageLoading />}>
          <CompetitionPage />
        </Suspense>
      </Route>
      <Route path="/winners">
        <SectionRedirect section="winners" />
      </Route>
      <Route path="/faqs">
        <SectionRedirect section="faqs" />
      </Route>
      <Route path="/contact">
        <SectionRedirect section="contact" />
      </Route>
      <Route path="/verify-email">
        <Suspense fallback={<PageLoading />}>
          <VerifyEmailPage />
        </Suspense>
      </Route>
      <Route path="/reset-password">
        <Suspense fallback={<PageLoading />}>
          <ResetPasswordPage />
        </Suspense>
      </Route>
      <Route path="/finish-setup">
        <Suspense fallback={<PageLoading />}>
          <FinishSetupPage />
        </Suspense>
      </Route>
      <Route path="/draws/:competitionId">
        <Suspense fallback={<PageLoading />}>
          <DrawCertificatePage />
        </Suspense>
      </Route>
      <Route path="/privacy-policy">
        <Suspense fallback={<PageLoading />}>
          <PrivacyPolicyPage />
        </Suspense>
      </Route>
      <Route path="/terms-and-conditions">
        <Suspense fallback={<PageLoading />}>
          <TermsPage />
        </Suspense>
      </Route>
      <Route path="/responsible-gaming">
        <Suspense fallback={<PageLoading />}>
          <ResponsibleGamingPage />
        </Suspense>
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  )
}
