import { brand } from '../brand'

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
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`
    case 'button': {
      const href = escapeHtml(block.href)
      return [
        '<p style="margin:24px 0">',
        `<a href="${href}" style="background:#1565c0;color:#ffffff;padding:12px 24px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(block.label)}</a>`,
        '</p>',
        '<p style="margin:0 0 16px;font-size:13px;color:#555555">If the button does not work, copy this link into your browser:<br>',
        `<a href="${href}" style="color:#1565c0;word-break:break-all">${href}</a></p>`,
      ].join('')
    }
    case 'link': {
      const href = escapeHtml(block.href)
      return `<p style="margin:0 0 16px"><a href="${href}" style="color:#1565c0;word-break:break-all">${href}</a></p>`
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

export function renderEmail(subject: string, blocks: readonly Block[]): RenderedEmail {
  const html = [
    '<!doctype html>',
    '<html lang="en-GB"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222222">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">',
    `<h1 style="margin:0 0 24px;font-size:20px">${escapeHtml(brand.name)}</h1>`,
    ...blocks.map(blockHtml),
    `<p style="margin:24px 0 0">${escapeHtml(signOff)}</p>`,
    '</div></body></html>',
  ].join('\n')
  const text = [...blocks.map(blockText), signOff].join('\n\n')
  return { subject, html, text: `${text}\n` }
}
