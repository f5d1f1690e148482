import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message the server accepted. */
export interface AcceptedMessage {
  readonly to: readonly string[]
  readonly subject: string
  /** The whole message as it arrived (headers and body). */
  readonly raw: string
}

export interface RefusingSmtp {
  readonly url: string
  readonly accepted: AcceptedMessage[]
  /** How many messages were refused so far. */
  readonly refusedCount: () => number
  /** Refuses the next `count` messages with a temporary error (451), as a busy server does. */
  refuseNext(count: number): void
  /** Refuses `MAIL FROM` of this sender (550), as a server does that will not relay for it; null: none. */
  refuseSender(address: string | null): void
  stop(): Promise<void>
}

/**
 * A real SMTP server on a free port that refuses messages on request and otherwise keeps their
 * recipients and subjects: the mail sender's retries are tested against the SMTP conversation
 * nodemailer really has, not a stubbed mailer.
 */
export async function startRefusingSmtp(): Promise<RefusingSmtp> {
  const accepted: AcceptedMessage[] = []
  let toRefuse = 0
  let refused = 0
  let refusedSender: string | null = null
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(address, _session, callback) {
      if (refusedSender !== null && address.address.toLowerCase() === refusedSender) {
        const error = Object.assign(new Error('Sender address rejected: not owned by you'), {
          responseCode: 550,
        })
        return callback(error)
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1
          refused += 1
          const error = Object.assign(new Error('451 Try again later'), { responseCode: 451 })
          return callback(error)
        }
        const raw = Buffer.concat(chunks).toString('utf8')
        const subject = raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? ''
        accepted.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject, raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    refusedCount: () => refused,
    refuseNext(count) {
      toRefuse = count
    },
    refuseSender(address) {
      refusedSender = address?.toLowerCase() ?? null
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
