import { randomInt } from 'node:crypto'
import type { OutgoingMail, TestEmail, TestMails } from '@prizes/command-service/use-cases'
import type { TestEntryConfirmationRequest } from '@prizes/contracts'
import { complaintDeadlines } from '@prizes/domain'
import { inTestMode, testModeNotice } from './brand'
import {
  emailChangedEmail,
  guestInvitationEmail,
  passwordResetEmail,
  verificationEmail,
} from './templates/account-emails'
import { competitionCancelledEmail } from './templates/cancellation-emails'
import { mailTemplateClasses } from './templates/classification'
import { contactAcknowledgementEmail, contactAnswerEmail } from './templates/contact-emails'
import { drawResultEmail } from './templates/draw-result-emails'
import { entryConfirmationEmail } from './templates/entry-emails'
import { endDateExtendedEmail } from './templates/extension-emails'
import { newsletterConfirmationEmail, newsletterWelcomeEmail } from './templates/newsletter-emails'
import { entryRefundedEmail } from './templates/refund-emails'
import { contentStart, escapeHtml, type RenderedEmail, subjectInMode } from './templates/render'
import { winnerEmail } from './templates/winner-emails'

/**
 * The admin's test emails (SPEC section 7 "Email tools"): the real templates, filled with sample
 * details, marked as tests in the subject and in a first line, so nobody takes one for the real
 * thing. Their links carry a token that is no token: following one shows the invalid-link page.
 */

export const testSubjectPrefix = '[TEST] '

const testNotice =
  'This is a test email sent by an administrator from the Email System tab. The details in it are samples: nothing happened to any account, entry or competition.'

/** A sample entry reference, like the real ones but plainly a test. */
const sampleReference = () => `TEST-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`

/** Not a token: the pages that read one say the link is invalid. */
const sampleToken = 'test-email-sample-token'

export function markAsTest(to: string, rendered: RenderedEmail): OutgoingMail {
  const notice = `<p style="margin:0 0 16px;padding:12px;border:1px dashed #b45309;color:#92400e;background:#fef3c7">${escapeHtml(testNotice)}</p>`
  return {
    to,
    subject: `${testSubjectPrefix}${rendered.subject}`,
    html: rendered.html.replace(contentStart, `${contentStart}${notice}`),
    text: `${testNotice}\n\n${rendered.text}`,
  }
}

/** The entry-confirmation template with the details the admin typed. */
export function entryConfirmationTest(input: TestEntryConfirmationRequest, publicUrl: string): TestEmail {
  const ticketNumbers = Array.from({ length: input.numberOfEntries }, (_, index) => 1001 + index)
  const rendered = entryConfirmationEmail({
    firstName: input.firstName,
    competitionTitle: input.competitionTitle,
    entryReference: sampleReference(),
    ticketNumbers,
    totalPaidPence: Math.round(input.totalCost * 100),
    publicUrl,
  })
  return { template: 'entry-confirmation', mail: markAsTest(input.email, rendered) }
}

type MailTemplate = keyof typeof mailTemplateClasses

/**
 * One of every template the platform sends, with sample details, in the registry's order. The
 * samples are keyed by the registry (`mailTemplateClasses`), so a template added there without
 * a sample here does not compile: "Test all templates" cannot skip one.
 */
export function everyTemplateTest(to: string, publicUrl: string, now: Date): TestEmail[] {
  const link = { publicUrl, firstName: 'Alex', token: sampleToken }
  const validFor = (ms: number) => ({ requestedAt: now, expiresAt: new Date(now.getTime() + ms) })
  const hour = 60 * 60 * 1000
  const competition = 'Sample competition: win a campervan'
  const competitionId = '00000000-0000-4000-8000-000000000000'
  const samples: Record<MailTemplate, () => RenderedEmail> = {
    verification: () => verificationEmail({ ...link, ...validFor(24 * hour) }),
    'password-reset': () => passwordResetEmail({ ...link, ...validFor(hour) }),
    'guest-invitation': () => guestInvitationEmail({ ...link, ...validFor(7 * 24 * hour) }),
    'email-changed': () => emailChangedEmail({ firstName: 'Alex', publicUrl }),
    'entry-confirmation': () =>
      entryConfirmationEmail({
        firstName: 'Alex',
        competitionTitle: competition,
        entryReference: sampleReference(),
        ticketNumbers: [1001, 1002, 1003],
        totalPaidPence: 750,
        publicUrl,
      }),
    'competition-cancelled': () =>
      competitionCancelledEmail({
        firstName: 'Alex',
        competitionTitle: competition,
        entryReference: sampleReference(),
        refundedPence: 750,
        publicUrl,
      }),
    'entry-refund-email': () =>
      entryRefundedEmail({
        firstName: 'Alex',
        competitionTitle: competition,
        entryReference: sampleReference(),
        refundedPence: 750,
        reason: 'A sample reason an admin gives for a refund.',
        publicUrl,
      }),
    'competition-extended': () =>
      endDateExtendedEmail({
        firstName: 'Alex',
        competitionId,
        competitionTitle: competition,
        previousEndDate: now.toISOString(),
        endDate: new Date(now.getTime() + 14 * 24 * hour).toISOString(),
        publicUrl,
      }),
    'contact-answer': () =>
      contactAnswerEmail({
        name: 'Alex',
        reference: 'CT-7K2M9Q',
        subject: 'A sample question',
        answer: 'This is where the answer an admin wrote is given.',
      }),
    'winner-email': () =>
      winnerEmail({
        firstName: 'Alex',
        competitionId,
        competitionTitle: competition,
        prize: 'A VW California campervan',
        cashAlternativePence: 4_500_000,
        ticketNumber: 1002,
        randomness: { round: 12_345_678, verified: 'drand' },
        entryReference: sampleReference(),
        publicUrl,
      }),
    'newsletter-confirmation': () => newsletterConfirmationEmail({ publicUrl, token: sampleToken }),
    'contact-acknowledgement': () =>
      contactAcknowledgementEmail({
        reference: 'CT-7K2M9Q',
        topic: 'complaint',
        deadlines: complaintDeadlines(now),
        publicUrl,
      }),
    'newsletter-welcome': () => newsletterWelcomeEmail({ publicUrl, unsubscribeToken: sampleToken }),
    'draw-result': () =>
      drawResultEmail({
        firstName: 'Alex',
        competitionTitle: competition,
        entryReference: sampleReference(),
        ticketNumbers: [1001, 1002, 1003],
        inTheDraw: true,
        publicUrl,
      }),
  }
  return (Object.keys(mailTemplateClasses) as MailTemplate[]).map((template) => ({
    template,
    mail: markAsTest(to, samples[template]()),
  }))
}

/** A plain message with no template: does mail from us reach this inbox at all? */
export function directTest(to: string, now: Date): TestEmail {
  const sentAt = now.toISOString()
  // TEST MODE's notice too: every email says it, this plain one included.
  const notices = inTestMode() ? [testModeNotice, testNotice] : [testNotice]
  const text = `${notices.join('\n\n')}\n\nIf you can read this, email from the platform reaches this inbox.\n\nSent at ${sentAt}.\n`
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Direct test</title></head><body>${notices.map((notice) => `<p>${escapeHtml(notice)}</p>`).join('')}<p>If you can read this, email from the platform reaches this inbox.</p><p>Sent at ${escapeHtml(sentAt)}.</p></body></html>`
  return {
    template: 'direct-test',
    mail: { to, subject: `${testSubjectPrefix}${subjectInMode('Direct test email')}`, html, text },
  }
}

/** The sample emails as the Email System tab sends them. */
export const testMails: TestMails = {
  entryConfirmation: entryConfirmationTest,
  everyTemplate: everyTemplateTest,
  direct: directTest,
}
