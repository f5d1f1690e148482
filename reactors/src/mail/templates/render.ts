import {
  brand,
  mailColours as c,
  companyDetails,
  inTestMode,
  testModeNotice,
  testModeSubjectPrefix,
} from '../brand'

/** What a template returns: a subject and the same message as HTML and as plain text. */
export interface RenderedEmail {
  readonly subject: string
  readonly html: string
  readonly text: string
}

/**
 * A message as a list of blocks, rendered to both parts by one function so the HTML and the
 * text never say different things. Every string is plain text; only the renderer writes HTML.
 */
export type Block =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'button'; readonly label: string; readonly href: string }
  | { readonly kind: 'link'; readonly href: string }

/** What a marketing email adds below its sign-off: why it came, and the way out. */
export interface RenderOptions {
  readonly unsubscribeUrl?: string
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char)
}

export function greeting(firstName: string | undefined): string {
  const name = firstName?.trim()
  return name ? `Hello ${name},` : 'Hello,'
}

const signOff = `The ${brand.name} team`

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(block.text)}</p>`
    case 'button': {
      const href = escapeHtml(block.href)
      return [
        '<p style="margin:24px 0">',
        `<a href="${href}" style="background:${c.primary};color:#ffffff;padding:12px 24px;border-radius:999px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(block.label)}</a>`,
        '</p>',
        `<p style="margin:0 0 16px;font-size:13px;color:${c.textSecondary}">If the button does not work, copy this link into your browser:<br>`,
        `<a href="${href}" style="color:${c.primary};word-break:break-all">${href}</a></p>`,
      ].join('')
    }
    case 'link': {
      const href = escapeHtml(block.href)
      return `<p style="margin:0 0 16px"><a href="${href}" style="color:${c.primary};word-break:break-all">${href}</a></p>`
    }
    default: {
      const unknown: never = block
      throw new Error(`Unknown email block ${JSON.stringify(unknown)}`)
    }
  }
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text
    case 'button':
      return `${block.label}:\n${block.href}`
    case 'link':
      return block.href
    default: {
      const unknown: never = block
      throw new Error(`Unknown email block ${JSON.stringify(unknown)}`)
    }
  }
}

/** The site header's logo as text: an amber badge with a trophy, then the name (images are often blocked). */
const wordmark = [
  `<td style="background:${c.hero};padding:20px 32px;border-radius:8px 8px 0 0">`,
  `<span style="display:inline-block;width:36px;height:36px;line-height:36px;text-align:center;border-radius:10px;background:${c.accent};color:${c.hero};font-size:20px;vertical-align:middle" aria-hidden="true">&#127942;</span>`,
  `<span style="display:inline-block;margin-left:10px;vertical-align:middle;color:#ffffff;font-size:19px;font-weight:800;letter-spacing:-0.02em">${escapeHtml(brand.name)}</span>`,
  '</td>',
].join('')

function footerLines(options: RenderOptions): string[] {
  const company = companyDetails()
  return [
    `${company.name}, ${company.address}`,
    `Questions? Write to ${company.supportEmail}.`,
    ...(options.unsubscribeUrl
      ? [
          `You receive this because you subscribed to the ${brand.name} newsletter. Unsubscribe: ${options.unsubscribeUrl}`,
        ]
      : []),
  ]
}

function footerHtml(options: RenderOptions): string {
  const company = companyDetails()
  const support = escapeHtml(company.supportEmail)
  const unsubscribe = options.unsubscribeUrl
    ? `<p style="margin:8px 0 0">You receive this because you subscribed to the ${escapeHtml(brand.name)} newsletter. <a href="${escapeHtml(options.unsubscribeUrl)}" style="color:${c.primary}">Unsubscribe</a></p>`
    : ''
  return [
    `<td style="padding:20px 32px;font-size:12px;line-height:1.5;color:${c.textSecondary};text-align:center">`,
    `<p style="margin:0">${escapeHtml(company.name)}, ${escapeHtml(company.address)}</p>`,
    `<p style="margin:8px 0 0">Questions? Write to <a href="mailto:${support}" style="color:${c.primary}">${support}</a>.</p>`,
    unsubscribe,
    '</td>',
  ].join('')
}

/** Where the message's own content begins in the HTML (test emails put their notice there). */
export const contentStart = '<!--content-->'

/** In TEST MODE, a subject starting `[TEST MODE] `; else the subject as it is. */
export function subjectInMode(subject: string): string {
  return inTestMode() ? `${testModeSubjectPrefix}${subject}` : subject
}

const testModeNoticeHtml = `<p style="margin:0 0 16px;padding:12px;border:2px solid #b45309;color:#92400e;background:#fef3c7;font-weight:bold">${escapeHtml(testModeNotice)}</p>`

export function renderEmail(
  rawSubject: string,
  blocks: readonly Block[],
  options: RenderOptions = {},
): RenderedEmail {
  const testMode = inTestMode()
  const subject = subjectInMode(rawSubject)
  const html = [
    '<!doctype html>',
    '<html lang="en-GB"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:${c.page};font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:15px;line-height:1.5;color:${c.text}">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;border-collapse:separate">',
    `<tr>${wordmark}</tr>`,
    `<tr><td style="background:${c.surface};padding:32px;border:1px solid ${c.border};border-top:0;border-radius:0 0 8px 8px">`,
    contentStart,
    ...(testMode ? [testModeNoticeHtml] : []),
    ...blocks.map(blockHtml),
    `<p style="margin:24px 0 0">${escapeHtml(signOff)}</p>`,
    '</td></tr>',
    `<tr>${footerHtml(options)}</tr>`,
    '</table></body></html>',
  ].join('\n')
  const text = [
    ...(testMode ? [testModeNotice] : []),
    ...blocks.map(blockText),
    signOff,
    '--',
    ...footerLines(options),
  ].join('\n\n')
  return { subject, html, text: `${text}\n` }
}
