import { z } from 'zod'
import * as adminAnalytics from '../admin/analytics'
import * as admin from '../admin/competitions'
import * as adminDatabase from '../admin/database'
import * as adminEmail from '../admin/email'
import * as adminEntries from '../admin/entries'
import * as adminParked from '../admin/parked-events'
import * as adminSettings from '../admin/settings'
import * as adminUsers from '../admin/users'
import * as adminRead from '../admin-read'
import * as contact from '../contact'
import * as responsiblePlayAdmin from '../responsible-play/admin'
import { entityId, paymentIntentId } from '../text'
import { competitionParams, endpoint, noBody, pageQuery, userParams } from './endpoint'

/**
 * The admin endpoints (every path under `/api/admin`, and the email tools under `/api/email`): a table of their own, so the web loads
 * their schemas only when an admin screen first calls one (see `web/src/lib/api-client.ts`).
 */
export const adminEndpoints = {
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
    query: adminRead.adminCompetitionsQuery,
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
  /**
   * Issue 23: an account held for review (its name, date of birth and postcode match a person on
   * a break) is someone else; it may pay. The reason is required and kept in the audit trail.
   */
  adminClearUserReview: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/clear-review',
    service: 'command',
    request: adminUsers.adminUserRoleRequest,
    response: adminUsers.adminUserActionResponse,
    params: userParams,
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
  /** Events reactors parked (issue 23): the list, a retry, a resolution by hand with a reason. */
  adminParkedEvents: endpoint({
    method: 'GET',
    path: '/api/admin/parked-events',
    service: 'command',
    request: noBody,
    response: adminParked.parkedEventsResponse,
    query: adminParked.parkedEventsQuery,
  }),
  adminRetryParkedEvent: endpoint({
    method: 'POST',
    path: '/api/admin/parked-events/:id/retry',
    service: 'command',
    request: noBody,
    response: adminParked.parkedEventActionResponse,
    params: adminParked.parkedEventParams,
  }),
  adminResolveParkedEvent: endpoint({
    method: 'POST',
    path: '/api/admin/parked-events/:id/resolve',
    service: 'command',
    request: adminParked.resolveParkedEventRequest,
    response: adminParked.parkedEventActionResponse,
    params: adminParked.parkedEventParams,
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
  adminTestPaymentEvent: endpoint({
    method: 'POST',
    path: '/api/admin/test-payments/:paymentIntentId/events',
    service: 'command',
    request: adminEntries.testPaymentEventRequest,
    response: adminEntries.testPaymentEventResponse,
    params: z.object({ paymentIntentId }),
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
  /** Issue 11's database tools and System Info (admin only). */
  adminBackup: endpoint({
    method: 'POST',
    path: '/api/admin/backup',
    service: 'command',
    request: adminDatabase.adminBackupRequest,
    /** application/octet-stream: the log and command-side rows, encrypted with the passphrase. */
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
} as const
