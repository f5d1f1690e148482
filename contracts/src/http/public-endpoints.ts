import { z } from 'zod'
import * as adminSettings from '../admin/settings'
import * as adminRead from '../admin-read'
import * as auth from '../auth/schemas'
import { competitionDetailResponse, competitionList } from '../competition'
import * as contact from '../contact'
import * as entries from '../entries'
import { healthResponse } from '../health'
import { competitionsLivePath } from '../live-events'
import * as newsletter from '../newsletter'
import * as responsiblePlaySchemas from '../responsible-play/schemas'
import { successFiguresResponse } from '../success-figures'
import { entityId, paymentIntentId } from '../text'
import * as winnerName from '../winner-name'
import { docsAssetName, openApiDocument } from './api-docs'
import { competitionParams, endpoint, noBody, tokenParams } from './endpoint'

/** Every endpoint but the admin ones: what the web's client loads first. */
export const publicEndpoints = {
  listCompetitions: endpoint({
    method: 'GET',
    path: '/api/competitions',
    service: 'query',
    request: noBody,
    response: competitionList,
  }),
  listFeaturedCompetitions: endpoint({
    method: 'GET',
    path: '/api/competitions/featured',
    service: 'query',
    request: noBody,
    response: competitionList,
  }),
  /**
   * Server-sent events (text/event-stream), not JSON: `competition` with a competition's new
   * figures (`competitionChange`), `resync` when changes may have been missed. Before
   * `getCompetition`, whose `:id` would take `live`.
   */
  competitionsLive: endpoint({
    method: 'GET',
    path: competitionsLivePath,
    service: 'query',
    request: noBody,
    response: z.string(),
  }),
  /** One published competition's page, a cancelled one too (it says so); drafts and deleted ones are not found. */
  getCompetition: endpoint({
    method: 'GET',
    path: '/api/competitions/:id',
    service: 'query',
    request: noBody,
    response: competitionDetailResponse,
    params: competitionParams,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    service: 'command',
    request: auth.registerRequest,
    response: auth.registerResponse,
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    service: 'command',
    request: auth.loginRequest,
    response: auth.loginResponse,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    service: 'command',
    request: noBody,
    response: auth.messageResponse,
  }),
  getProfile: endpoint({
    method: 'GET',
    path: '/api/auth/profile',
    service: 'command',
    request: noBody,
    response: auth.profileResponse,
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/api/auth/profile',
    service: 'command',
    request: auth.updateProfileRequest,
    response: auth.updateProfileResponse,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/api/auth/change-password',
    service: 'command',
    request: auth.changePasswordRequest,
    response: auth.changePasswordResponse,
  }),
  /** Responsible play (issue 14): the user's own monthly limit and breaks. */
  getResponsiblePlay: endpoint({
    method: 'GET',
    path: '/api/account/responsible-play',
    service: 'command',
    request: noBody,
    response: responsiblePlaySchemas.responsiblePlayResponse,
  }),
  setSpendingLimit: endpoint({
    method: 'PUT',
    path: '/api/account/spending-limit',
    service: 'command',
    request: responsiblePlaySchemas.setSpendingLimitRequest,
    response: responsiblePlaySchemas.responsiblePlayChangeResponse,
  }),
  skipSpendingLimit: endpoint({
    method: 'POST',
    path: '/api/account/spending-limit/skip',
    service: 'command',
    request: responsiblePlaySchemas.skipSpendingLimitRequest,
    response: responsiblePlaySchemas.responsiblePlayChangeResponse,
  }),
  takeBreak: endpoint({
    method: 'POST',
    path: '/api/account/break',
    service: 'command',
    request: responsiblePlaySchemas.takeBreakRequest,
    response: responsiblePlaySchemas.responsiblePlayChangeResponse,
  }),
  getWinnerName: endpoint({
    method: 'GET',
    path: '/api/account/winner-name',
    service: 'command',
    request: noBody,
    response: winnerName.winnerNameResponse,
  }),
  setWinnerName: endpoint({
    method: 'PUT',
    path: '/api/account/winner-name',
    service: 'command',
    request: winnerName.winnerNameRequest,
    response: winnerName.winnerNameResponse,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/api/auth/resend-verification',
    service: 'command',
    request: auth.emailOnlyRequest,
    response: auth.messageResponse,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    service: 'command',
    request: auth.emailOnlyRequest,
    response: auth.messageResponse,
  }),
  checkEmail: endpoint({
    method: 'POST',
    path: '/api/auth/check-email',
    service: 'command',
    request: auth.emailOnlyRequest,
    response: auth.checkEmailResponse,
  }),
  loginForEntry: endpoint({
    method: 'POST',
    path: '/api/auth/login-for-entry',
    service: 'command',
    request: auth.loginForEntryRequest,
    response: auth.sessionResponse,
  }),
  createGuestAccount: endpoint({
    method: 'POST',
    path: '/api/auth/create-guest-account',
    service: 'command',
    request: auth.createGuestAccountRequest,
    response: auth.sessionResponse,
  }),
  verifyResetToken: endpoint({
    method: 'GET',
    path: '/api/auth/verify-reset-token/:token',
    service: 'command',
    request: noBody,
    response: auth.verifyResetTokenResponse,
    params: tokenParams,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    service: 'command',
    request: auth.resetPasswordRequest,
    response: auth.messageResponse,
  }),
  verifyEmail: endpoint({
    method: 'GET',
    path: '/api/auth/verify-email/:token',
    service: 'command',
    request: noBody,
    response: auth.verifyEmailResponse,
    params: tokenParams,
  }),
  skillQuestionFor: endpoint({
    method: 'POST',
    path: '/api/entries/skill-question',
    service: 'command',
    request: entries.skillQuestionRequest,
    response: entries.skillQuestionResponse,
  }),
  createPaymentIntent: endpoint({
    method: 'POST',
    path: '/api/entries/create-payment-intent',
    service: 'command',
    request: entries.entrySubmission,
    response: entries.createPaymentIntentResponse,
  }),
  confirmPayment: endpoint({
    method: 'POST',
    path: '/api/entries/confirm-payment',
    service: 'command',
    request: entries.confirmPaymentRequest,
    response: entries.entryResponse,
  }),
  submitEntry: endpoint({
    method: 'POST',
    path: '/api/entries',
    service: 'command',
    request: entries.entrySubmission,
    response: entries.entryResponse,
  }),
  listEntries: endpoint({
    method: 'GET',
    path: '/api/entries',
    service: 'query',
    request: noBody,
    response: entries.userEntriesResponse,
  }),
  entryStats: endpoint({
    method: 'GET',
    path: '/api/entries/stats',
    service: 'query',
    request: noBody,
    response: entries.entryStatsResponse,
  }),
  paymentConfig: endpoint({
    method: 'GET',
    path: '/api/config',
    service: 'command',
    request: noBody,
    response: entries.paymentConfigResponse,
  }),
  confirmTestPayment: endpoint({
    method: 'POST',
    path: '/api/test-payments/:paymentIntentId/confirm',
    service: 'command',
    request: entries.testCardRequest,
    response: entries.testCardResponse,
    params: z.object({ paymentIntentId }),
  }),
  paymentWebhook: endpoint({
    method: 'POST',
    path: '/api/payments/webhook',
    service: 'command',
    request: z.unknown(),
    response: entries.webhookResponse,
  }),
  listWinners: endpoint({
    method: 'GET',
    path: '/api/winners',
    service: 'query',
    request: noBody,
    response: adminRead.winnersResponse,
    query: adminRead.winnersQuery,
  }),
  successFigures: endpoint({
    method: 'GET',
    path: '/api/success-figures',
    service: 'query',
    request: noBody,
    response: successFiguresResponse,
  }),
  drawCertificate: endpoint({
    method: 'GET',
    path: '/api/draws/:competitionId/certificate',
    service: 'query',
    request: noBody,
    response: adminRead.drawCertificateResponse,
    params: z.object({ competitionId: entityId }),
  }),
  /** Public, and answered during maintenance: the web shows the maintenance page and the closed sign-up from it. */
  publicSettings: endpoint({
    method: 'GET',
    path: '/api/settings',
    service: 'command',
    request: noBody,
    response: adminSettings.publicSettingsResponse,
  }),
  /**
   * Every projection's and reactor's position, lag and failure; 503 while one is stuck. Public
   * (rate limited); an admin's bearer token adds the failing event's id and the error text.
   */
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    service: 'command',
    request: noBody,
    response: healthResponse,
  }),
  commandHealth: endpoint({
    method: 'GET',
    path: '/api/health/command',
    service: 'command',
    request: noBody,
    response: z.object({ success: z.literal(true), service: z.literal('command') }),
  }),
  queryHealth: endpoint({
    method: 'GET',
    path: '/api/health/query',
    service: 'query',
    request: noBody,
    response: z.object({ success: z.literal(true), service: z.literal('query') }),
  }),
  /** Double opt-in: records the request and emails a confirmation link; the same answer for every address. */
  newsletterSubscribe: endpoint({
    method: 'POST',
    path: '/api/newsletter/subscribe',
    service: 'command',
    request: newsletter.newsletterSubscribeRequest,
    response: newsletter.newsletterMessageResponse,
  }),
  /** The confirmation page (`/newsletter/confirm?token=`) posts its token here. */
  newsletterConfirm: endpoint({
    method: 'POST',
    path: '/api/newsletter/confirm',
    service: 'command',
    request: newsletter.newsletterTokenRequest,
    response: newsletter.newsletterConfirmResponse,
  }),
  /** The unsubscribe page (`/newsletter/unsubscribe?token=`) posts its token here. */
  newsletterUnsubscribe: endpoint({
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    service: 'command',
    request: newsletter.newsletterTokenRequest,
    response: newsletter.newsletterMessageResponse,
  }),
  /** RFC 8058 one-click unsubscribe, the `List-Unsubscribe` header's URL: a form post from a mail client. */
  newsletterOneClickUnsubscribe: endpoint({
    method: 'POST',
    path: '/api/newsletter/one-click-unsubscribe',
    service: 'command',
    request: z.unknown(),
    response: newsletter.newsletterMessageResponse,
    query: newsletter.newsletterOneClickQuery,
  }),
  /** The home page's contact form: records the message with a reference and emails an acknowledgement. */
  contact: endpoint({
    method: 'POST',
    path: '/api/contact',
    service: 'command',
    request: contact.contactRequest,
    response: contact.contactResponse,
  }),
  /** The support address and the company's name and address (COMPANY_*, SUPPORT_EMAIL). */
  contactDetails: endpoint({
    method: 'GET',
    path: '/api/contact-details',
    service: 'command',
    request: noBody,
    response: contact.contactDetailsResponse,
  }),
  /** This table as an OpenAPI 3.1 document (`buildOpenApiDocument` in `@prizes/contracts/openapi`). */
  apiDocument: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    service: 'query',
    request: noBody,
    response: openApiDocument,
  }),
  /** The API reference: an HTML page that renders the document with the files below. */
  apiDocs: endpoint({
    method: 'GET',
    path: '/api/docs',
    service: 'query',
    request: noBody,
    /** text/html, not JSON. */
    response: z.string(),
  }),
  apiDocsAsset: endpoint({
    method: 'GET',
    path: '/api/docs/assets/:file',
    service: 'query',
    request: noBody,
    /** text/javascript or text/css, not JSON. */
    response: z.string(),
    params: z.object({ file: docsAssetName }),
  }),
} as const
