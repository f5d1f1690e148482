import type { AddressInfo } from 'node:net'
import { createServer, type Server, type Socket } from 'node:net'
import { createStatusChecker } from '@prizes/command-service/testing'
import type { MailTransport } from '@prizes/command-service/use-cases'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createSmtpMailer } from './smtp-mailer'
import { type RefusingSmtp, startRefusingSmtp } from './testing/refusing-smtp'

let smtp: RefusingSmtp
const opened: MailTransport[] = []
const transport = (url: string, provider?: string) => {
  const mail = createSmtpMailer({
    url,
    from: 'Prize Platform <no-reply@prizes.test>',
    ...(provider ? { provider } : {}),
  })
  opened.push(mail)
  return mail
}

/** A port nothing listens on: bound, its address read, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A server that takes the connection and never says a word (no SMTP greeting). */
async function silentServer(): Promise<{ url: string; server: Server; sockets: Socket[] }> {
  const sockets: Socket[] = []
  const server = createServer((socket) => sockets.push(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, server, sockets }
}

beforeAll(async () => {
  smtp = await startRefusingSmtp()
})
afterEach(() => smtp.refuseSender(null))
afterAll(async () => {
  for (const mail of opened) mail.close()
  await smtp.stop()
})

describe('email status: a real conversation with the SMTP server', () => {
  it('connects and is allowed to send as our address, naming the provider and the address', async () => {
    const status = await createStatusChecker(transport(smtp.url, 'MailDev (embedded)')).status()
    expect(status).toMatchObject({
      configured: true,
      connection: true,
      permissions: true,
      provider: 'MailDev (embedded)',
      email: 'no-reply@prizes.test',
      connectionError: null,
      permissionsError: null,
    })
    expect(smtp.accepted).toEqual([])
  })

  it('names the host and port, never the credentials, when no provider is given', async () => {
    const mail = transport('smtp://user:secret@127.0.0.1:2525')
    expect(mail.provider).toBe('127.0.0.1:2525')
  })

  it('reports a server that refuses our sender: connected, but no permission, with its answer', async () => {
    smtp.refuseSender('no-reply@prizes.test')
    const status = await createStatusChecker(transport(smtp.url)).status()
    expect(status.connection).toBe(true)
    expect(status.permissions).toBe(false)
    expect(status.permissionsError).toContain('550')
  })

  it('reports a closed port as no connection, with the reason', async () => {
    const status = await createStatusChecker(transport(`smtp://127.0.0.1:${await closedPort()}`)).status()
    expect(status).toMatchObject({ configured: true, connection: false, permissions: false })
    expect(status.connectionError).toMatch(/ECONNREFUSED|connect/i)
  })

  it('gives up on a server that never greets within the timeout', async () => {
    const silent = await silentServer()
    try {
      const started = Date.now()
      const status = await createStatusChecker(transport(silent.url), { timeoutMs: 300 }).status()
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(status.connection).toBe(false)
      expect(status.connectionError).toMatch(/timeout|within 300 ms/i)
    } finally {
      for (const socket of silent.sockets) socket.destroy()
      await new Promise<void>((resolve) => silent.server.close(() => resolve()))
    }
  })

  it('asks the server at most once per period, and shares a check under way', async () => {
    let checks = 0
    const counting: MailTransport = {
      ...transport(smtp.url),
      provider: 'counting',
      fromAddress: 'no-reply@prizes.test',
      async check() {
        checks += 1
        return { connection: { ok: true, error: null }, permissions: { ok: true, error: null } }
      },
    }
    let now = new Date('2030-01-10T12:00:00.000Z')
    const checker = createStatusChecker(counting, { reuseMs: 10_000, now: () => now })
    await Promise.all([checker.status(), checker.status(), checker.status()])
    expect(checks).toBe(1)
    now = new Date(now.getTime() + 9_999)
    expect((await checker.status()).checkedAt).toBe('2030-01-10T12:00:00.000Z')
    expect(checks).toBe(1)
    now = new Date(now.getTime() + 1)
    expect((await checker.status()).checkedAt).toBe('2030-01-10T12:00:10.000Z')
    expect(checks).toBe(2)
  })

  it('says so when no transport is configured', async () => {
    expect(await createStatusChecker(undefined).status()).toMatchObject({
      configured: false,
      connection: false,
      permissions: false,
    })
  })
})
