import { z } from 'zod'
import * as adminAnalytics from '../admin/analytics'
import * as admin from '../admin/competitions'
import * as adminDatabase from '../admin/database'
import * as adminEmail from '../admin/email'
import * as adminEntries from '../admin/entries'
import * as adminSettings from '../admin/settings'
import * as adminUsers from '../admin/users'
import * as adminRead from '../admin-read'
import * as auth from '../auth/schemas'
import { competitionDetailResponse, competitionList } from '../competition'
import * as contact from '../contact'
import * as entries from '../entries'
import { healthResponse } from '../health'
import { competitionsLivePath } from '../live-events'
import * as newsletter from '../newsletter'
import * as responsiblePlayAdmin from '../responsible-play/admin'
import * as responsiblePlaySchemas from '../responsible-play/schemas'
import { anyParam, entityId, paymentIntentId, text } from '../text'
import { docsAssetName, openApiDocument } from './api-docs'

export type Service = 'command' | 'query'
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly method: Method
  /** Koa-router style path, `:param` for parameters. */
  readonly path: string
  readonly service: Service
  readonly request: Req
  readonly response: Res
  /**
   * One schema per `:param` of `path` (a test holds every endpoint to this); the services check
   * them before any handler runs, so an id reaches a query or a stream name only once it is valid.
   */
  readonly params?: z.ZodObject
  /** The query values the endpoint reads; any other value is only checked to be storable and short. */
  readonly query?: z.ZodObject
}

const endpoint = <Req extends z.ZodType, Res extends z.ZodType>(e: Endpoint<Req, Res>) => e

const noBody = z.undefined().or(z.object({}).strict())

/** A one-time token from an email link (base64url today; only its hash is ever looked up). */
const tokenParams = z.object({ token: anyParam })
/** A competition named by the path. */
const competitionParams = z.object({ id: entityId })
/** A user named by the path. */
const userParams = z.object({ id: entityId })
/** Pages are counted from 1; past the last, a page is empty. */
const pageQuery = z.object({
  page: text(6, 'Must be a page number from 1')
    .regex(/^[1-9][0-9]*$/, 'Must be a page number from 1')
    .optional(),
})

/**
 * Every HTTP endpoint: the gateway routes by it, services validate by it, the web's typed
 * client calls by it. Later slices add their endpoints here.
 */
export const endpoints = {
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
  /** One published competition's page; drafts, cancelled and deleted ones are not found. */
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
  adminSpendingAlert: endpoint({
    method: 'GET',
    path: '/api/admin/settings/spending-alert',
    service: 'query',
    request: noBody,
    response: responsiblePlayAdmin.spendingAlertResponse,
  }),
  adminUpdateSpendingAlert: endpoint({
    method: 'PUT',
    path: '/api/admin/settings/spending-alert',
    service: 'command',
    request: responsiblePlayAdmin.spendingAlertRequest,
    response: responsiblePlayAdmin.spendingAlertUpdateResponse,
  }),
  adminResponsiblePlayOfUser: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id/responsible-play',
    service: 'query',
    request: noBody,
    response: responsiblePlayAdmin.responsiblePlayHistoryResponse,
    params: userParams,
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
  adminStats: endpoint({
    method: 'GET',
    path: '/api/admin/stats',
    service: 'query',
    request: noBody,
    response: adminRead.adminStatsResponse,
  }),
  adminAnalytics: endpoint({
    method: 'GET',
    path: '/api/admin/analytics',
    service: 'query',
    request: noBody,
    response: adminAnalytics.adminAnalyticsResponse,
  }),
  adminListCompetitions: endpoint({
    method: 'GET',
    path: '/api/admin/competitions',
    service: 'query',
    request: noBody,
    response: adminRead.adminCompetitionsResponse,
  }),
  adminCompetitionEntries: endpoint({
    method: 'GET',
    path: '/api/admin/competitions/:id/entries',
    service: 'query',
    request: noBody,
    response: adminRead.adminCompetitionEntriesResponse,
    params: competitionParams,
    query: pageQuery,
  }),
  adminExportCompetitionEntries: endpoint({
    method: 'GET',
    path: '/api/admin/competitions/:id/entries/export',
    service: 'query',
    request: noBody,
    /** text/csv, not JSON. */
    response: z.string(),
    params: competitionParams,
  }),
  adminCompetitionHistory: endpoint({
    method: 'GET',
    path: '/api/admin/competitions/:id/history',
    service: 'query',
    request: noBody,
    response: adminRead.competitionHistoryResponse,
    params: competitionParams,
    query: pageQuery,
  }),
  listWinners: endpoint({
    method: 'GET',
    path: '/api/winners',
    service: 'query',
    request: noBody,
    response: adminRead.winnersResponse,
  }),
  drawCertificate: endpoint({
    method: 'GET',
    path: '/api/draws/:competitionId/certificate',
    service: 'query',
    request: noBody,
    response: adminRead.drawCertificateResponse,
    params: z.object({ competitionId: entityId }),
  }),
  /** Admin competition commands (JSON, or multipart with an image for create and update). */
  adminCreateCompetition: endpoint({
    method: 'POST',
    path: '/api/admin/competitions',
    service: 'command',
    request: admin.adminCompetitionForm,
    response: admin.adminCompetitionResponse,
  }),
  adminUpdateCompetition: endpoint({
    method: 'PUT',
    path: '/api/admin/competitions/:id',
    service: 'command',
    request: admin.adminCompetitionForm,
    response: admin.adminCompetitionResponse,
    params: competitionParams,
  }),
  adminDeleteCompetition: endpoint({
    method: 'DELETE',
    path: '/api/admin/competitions/:id',
    service: 'command',
    request: noBody,
    response: admin.adminCompetitionResponse,
    params: competitionParams,
  }),
  adminSetCompetitionStatus: endpoint({
    method: 'PUT',
    path: '/api/admin/competitions/:id/status',
    service: 'command',
    request: admin.adminStatusRequest,
    response: admin.adminCompetitionResponse,
    params: competitionParams,
  }),
  adminExtendCompetition: endpoint({
    method: 'POST',
    path: '/api/admin/competitions/:id/extend',
    service: 'command',
    request: admin.adminExtendRequest,
    response: admin.adminCompetitionResponse,
    params: competitionParams,
  }),
  adminSetCompetitionFeatured: endpoint({
    method: 'PATCH',
    path: '/api/admin/competitions/:id/featured',
    service: 'command',
    request: admin.adminFeaturedRequest,
    response: admin.adminCompetitionResponse,
    params: competitionParams,
  }),
  adminListUsers: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    service: 'query',
    request: noBody,
    response: adminUsers.adminUsersResponse,
    query: adminUsers.adminUsersQuery,
  }),
  adminGetUser: endpoint({
    method: 'GET',
    path: '/api/admin/user/:id',
    service: 'query',
    request: noBody,
    response: adminUsers.adminUserResponse,
    params: userParams,
  }),
  adminUpdateUser: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:id',
    service: 'command',
    request: adminUsers.adminUpdateUserRequest,
    response: adminUsers.adminUpdateUserResponse,
    params: userParams,
  }),
  /** Erases the user (crypto-shredding) and refunds their paid entries in open competitions. */
  adminDeleteUser: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id',
    service: 'command',
    request: noBody,
    response: adminUsers.adminDeleteUserResponse,
    params: userParams,
  }),
  /** Admin user commands (SPEC section 7 "Admin"): a ban or a demotion ends the user's sessions at once. */
  adminBanUser: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/ban',
    service: 'command',
    request: adminUsers.adminUserStandingRequest,
    response: adminUsers.adminUserActionResponse,
    params: userParams,
  }),
  adminUnbanUser: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/unban',
    service: 'command',
    request: adminUsers.adminUserStandingRequest,
    response: adminUsers.adminUserActionResponse,
    params: userParams,
  }),
  adminPromoteUser: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/promote',
    service: 'command',
    request: adminUsers.adminUserRoleRequest,
    response: adminUsers.adminUserActionResponse,
    params: userParams,
  }),
  adminDemoteUser: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/demote',
    service: 'command',
    request: adminUsers.adminUserRoleRequest,
    response: adminUsers.adminUserActionResponse,
    params: userParams,
  }),
  /** SPEC section 7 "Email tools" and the mail outbox: admin only, test mails marked as tests. */
  emailStatus: endpoint({
    method: 'GET',
    path: '/api/email/status',
    service: 'command',
    request: noBody,
    response: adminEmail.emailStatusResponse,
  }),
  emailTestEntryConfirmation: endpoint({
    method: 'POST',
    path: '/api/email/test-entry-confirmation',
    service: 'command',
    request: adminEmail.testEntryConfirmationRequest,
    response: adminEmail.testSendResponse,
  }),
  emailTestAllTemplates: endpoint({
    method: 'POST',
    path: '/api/email/test-all-templates',
    service: 'command',
    request: adminEmail.testRecipientRequest,
    response: adminEmail.testAllTemplatesResponse,
  }),
  emailDirectTest: endpoint({
    method: 'POST',
    path: '/api/email/direct-test',
    service: 'command',
    request: adminEmail.testRecipientRequest,
    response: adminEmail.testSendResponse,
  }),
  adminEmailOutbox: endpoint({
    method: 'GET',
    path: '/api/admin/email/outbox',
    service: 'command',
    request: noBody,
    response: adminEmail.emailOutboxResponse,
    query: adminEmail.emailOutboxQuery,
  }),
  adminResendEmail: endpoint({
    method: 'POST',
    path: '/api/admin/email/outbox/:id/resend',
    service: 'command',
    request: noBody,
    response: adminEmail.resendEmailResponse,
    params: z.object({ id: adminEmail.outboxEmailId }),
  }),
  /** The admin entries tab (SPEC section 2 "Entries"); the export comes before `:id`, which matches first. */
  adminListEntries: endpoint({
    method: 'GET',
    path: '/api/admin/entries',
    service: 'query',
    request: noBody,
    response: adminEntries.adminEntriesResponse,
    query: adminEntries.adminEntriesQuery,
  }),
  adminExportEntries: endpoint({
    method: 'GET',
    path: '/api/admin/entries/export',
    service: 'query',
    request: noBody,
    /** text/csv, streamed, not JSON. */
    response: z.string(),
    query: adminEntries.adminEntriesQuery.omit({ page: true }),
  }),
  adminGetEntry: endpoint({
    method: 'GET',
    path: '/api/admin/entries/:id',
    service: 'query',
    request: noBody,
    response: adminEntries.adminEntryResponse,
    params: z.object({ id: entityId }),
  }),
  /** Issue 14: a free entry by post, recorded by an admin from the competition's entries dialog. */
  adminRecordPostalEntry: endpoint({
    method: 'POST',
    path: '/api/admin/competitions/:id/postal-entries',
    service: 'command',
    request: adminEntries.adminPostalEntryRequest,
    response: adminEntries.adminPostalEntryResponse,
    params: competitionParams,
  }),
  adminRefundEntry: endpoint({
    method: 'POST',
    path: '/api/admin/entries/:id/refund',
    service: 'command',
    request: adminEntries.adminRefundEntryRequest,
    response: adminEntries.adminRefundEntryResponse,
    params: z.object({ id: entityId }),
  }),
  /** The platform settings (issue 11 item 5): read and changed by admins, enforced on the server. */
  adminGetSettings: endpoint({
    method: 'GET',
    path: '/api/admin/settings',
    service: 'command',
    request: noBody,
    response: adminSettings.adminSettingsResponse,
  }),
  adminUpdateSettings: endpoint({
    method: 'PUT',
    path: '/api/admin/settings',
    service: 'command',
    request: adminSettings.adminSettingsRequest,
    response: adminSettings.adminUpdateSettingsResponse,
  }),
  adminSettingsHistory: endpoint({
    method: 'GET',
    path: '/api/admin/settings/history',
    service: 'query',
    request: noBody,
    response: adminSettings.settingsHistoryResponse,
    query: pageQuery,
  }),
  /** Public, and answered during maintenance: the web shows the maintenance page and the closed sign-up from it. */
  publicSettings: endpoint({
    method: 'GET',
    path: '/api/settings',
    service: 'command',
    request: noBody,
    response: adminSettings.publicSettingsResponse,
  }),
  /** Issue 11's database tools and System Info (admin only). */
  adminBackup: endpoint({
    method: 'GET',
    path: '/api/admin/backup',
    service: 'command',
    request: noBody,
    /** application/x-ndjson: the event log and command-side rows, ending with a checksum line. */
    response: z.string(),
  }),
  adminOptimiseDatabase: endpoint({
    method: 'POST',
    path: '/api/admin/database/optimise',
    service: 'command',
    request: noBody,
    response: adminDatabase.adminOptimiseResponse,
  }),
  adminResetDatabase: endpoint({
    method: 'POST',
    path: '/api/admin/database/reset',
    service: 'command',
    request: adminDatabase.adminResetRequest,
    response: adminDatabase.adminResetResponse,
  }),
  adminSystem: endpoint({
    method: 'GET',
    path: '/api/admin/system',
    service: 'command',
    request: noBody,
    response: adminDatabase.adminSystemResponse,
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
  adminListContactMessages: endpoint({
    method: 'GET',
    path: '/api/admin/contact-messages',
    service: 'query',
    request: noBody,
    response: contact.adminContactListResponse,
    query: contact.adminContactQuery,
  }),
  adminGetContactMessage: endpoint({
    method: 'GET',
    path: '/api/admin/contact-messages/:reference',
    service: 'query',
    request: noBody,
    response: contact.adminContactDetailsResponse,
    params: contact.contactReferenceParams,
  }),
  adminAnswerContactMessage: endpoint({
    method: 'POST',
    path: '/api/admin/contact-messages/:reference/answer',
    service: 'command',
    request: contact.adminContactAnswerRequest,
    response: contact.adminContactCommandResponse,
    params: contact.contactReferenceParams,
  }),
  adminCloseContactMessage: endpoint({
    method: 'POST',
    path: '/api/admin/contact-messages/:reference/close',
    service: 'command',
    request: contact.adminContactCloseRequest,
    response: contact.adminContactCommandResponse,
    params: contact.contactReferenceParams,
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

export type EndpointName = keyof typeof endpoints
export type ResponseOf<N extends EndpointName> = z.infer<(typeof endpoints)[N]['response']>
