import type { SmtpCheck } from '@prizes/command-service/use-cases'
import SMTPConnection from 'nodemailer/lib/smtp-connection'
import type SMTPTransport from 'nodemailer/lib/smtp-transport'

/** The one SMTP step nodemailer keeps private: a command and the handler of its answer. */
interface CommandChannel {
  _sendCommand(command: string): void
  _responseActions: Array<(response: string) => void>
}

function hasCommandChannel(connection: unknown): connection is CommandChannel {
  const candidate = connection as Partial<CommandChannel>
  return typeof candidate._sendCommand === 'function' && Array.isArray(candidate._responseActions)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Asks the server, as the transport would connect, whether it takes mail from `from`: connect
 * (TLS or STARTTLS as the URL says), sign in when the URL carries credentials, `MAIL FROM`, then
 * `RSET` and `QUIT`, so no message is ever started. Everything within `timeoutMs`; a server that
 * does not answer in time is a failed connection with that reason.
 */
export async function checkSmtp(
  options: SMTPTransport.Options,
  auth: SMTPConnection.Credentials | undefined,
  from: string,
  timeoutMs: number,
): Promise<SmtpCheck> {
  const connection = new SMTPConnection({
    ...options,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })
  let timer: NodeJS.Timeout | undefined
  let failed: ((error: Error) => void) | undefined
  const aborted = new Promise<never>((_, reject) => {
    failed = reject
    timer = setTimeout(
      () => reject(new Error(`No answer from the SMTP server within ${timeoutMs} ms`)),
      timeoutMs,
    )
  })
  // Observed here so that a rejection no step is waiting for is not unhandled.
  aborted.catch(() => {})
  connection.on('error', (error) => failed?.(error))
  const step = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
    Promise.race([
      new Promise<T>((resolve, reject) =>
        run((error, value) => (error ? reject(error) : resolve(value as T))),
      ),
      aborted,
    ])

  try {
    try {
      await step<void>((done) => connection.connect((error) => done(error)))
      if (auth) await step<void>((done) => connection.login(auth, (error) => done(error)))
    } catch (error) {
      return {
        connection: { ok: false, error: messageOf(error) },
        permissions: { ok: false, error: 'Not checked: no connection to the SMTP server' },
      }
    }
    if (!hasCommandChannel(connection)) {
      return {
        connection: { ok: true, error: null },
        permissions: { ok: false, error: 'This version of nodemailer cannot check the sender address' },
      }
    }
    const channel = connection
    try {
      const answer = await step<string>((done) => {
        channel._responseActions.push((response) => done(null, response))
        channel._sendCommand(`MAIL FROM:<${from}>`)
      })
      if (!answer.startsWith('2')) {
        return {
          connection: { ok: true, error: null },
          permissions: { ok: false, error: `The server refused our sender ${from}: ${answer}` },
        }
      }
      await step<void>((done) => connection.reset((error) => done(error)))
      return { connection: { ok: true, error: null }, permissions: { ok: true, error: null } }
    } catch (error) {
      return { connection: { ok: true, error: null }, permissions: { ok: false, error: messageOf(error) } }
    }
  } finally {
    clearTimeout(timer)
    failed = undefined
    try {
      connection.quit()
    } catch {
      // Already closed.
    }
    connection.close()
  }
}
