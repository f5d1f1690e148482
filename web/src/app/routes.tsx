import { lazy, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { PageLoading } from '../components/page-loading'
import { HomePage } from './routes/home-page'
import { NotFoundPage } from './routes/not-found-page'
import { PrivacyPolicyPage } from './routes/privacy-policy-page'
import { ResponsibleGamingPage } from './routes/responsible-gaming-page'
import { SectionRedirect } from './routes/section-redirect'
import { TermsPage } from './routes/terms-page'

const AboutPage = lazy(() => import('./routes/about-page'))
const VerifyEmailPage = lazy(() => import('./routes/verify-email-page'))
const ResetPasswordPage = lazy(() => import('./routes/reset-password-page'))
const FinishSetupPage = lazy(() => import('./routes/finish-setup-page'))
const DrawCertificatePage = lazy(() => import('./routes/draw-certificate-page'))
const CompetitionPage = lazy(() => import('./routes/competition-page'))

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
      <Route path="/privacy-policy" component={PrivacyPolicyPage} />
      <Route path="/terms-and-conditions" component={TermsPage} />
      <Route path="/responsible-gaming" component={ResponsibleGamingPage} />
      <Route component={NotFoundPage} />
    </Switch>
  )
}
