import { mkdir } from 'node:fs/promises'
import type { Server } from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import { freePort, isPortFree } from './free-port'

const require = createRequire(import.meta.url)

interface MailServer {
  create(port: number, host: string, mailDirectory: string): void
  loadMailsFromDirectory(): void
  listen(): Promise<void>
  close(callback: () => void): void
}
interface MailWeb {
  server?: Server
  start(
    port: number,
    host: string,
    mailserver: MailServer,
    user: undefined,
    password: undefined,
    basePathname: string,
    secure: { https: false },
  ): void
  close(callback: () => void): void
}

export interface MailDevHandle {
  readonly smtpPort: number
  readonly webPort: number
  readonly smtpUrl: string
  readonly webUrl: string
  stop(): Promise<void>
}

async function pickPort(preferred: number): Promise<number> {
  return preferred > 0 && (await isPortFree(preferred)) ? preferred : freePort()
}

/**
 * MailDev 2 catches every email of the embedded platform (SMTP + web UI). We drive its mail
 * server and web modules directly: its package entry installs signal handlers that call
 * process.exit, which would cut our own orderly shutdown short. Mail is kept on disk so it
 * survives restarts.
 */
export async function startMailDev(options: {
  dir: string
  smtpPort: number
  webPort: number
}): Promise<MailDevHandle> {
  const mailDirectory = path.resolve(options.dir)
  await mkdir(mailDirectory, { recursive: true })
  const logger = require('maildev/lib/logger') as { setLevel(level: number): void }
  logger.setLevel(0)
  const mailserver = require('maildev/lib/mailserver') as MailServer
  const web = require('maildev/lib/web') as MailWeb
  const smtpPort = await pickPort(options.smtpPort)
  const webPort = await pickPort(options.webPort)
  mailserver.create(smtpPort, '127.0.0.1', mailDirectory)
  mailserver.loadMailsFromDirectory()
  await mailserver.listen()
  web.start(webPort, '127.0.0.1', mailserver, undefined, undefined, '/', { https: false })
  const server = web.server
  if (server && !server.listening) {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve)
      server.once('error', reject)
    })
  }
  return {
    smtpPort,
    webPort,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl: `http://localhost:${webPort}`,
    // MailDev's own entry point ties the web UI's close to the mail server's; we started both
    // ourselves, so we close both, or the web UI would keep the process alive.
    stop: async () => {
      await new Promise<void>((resolve) => mailserver.close(() => resolve()))
      await new Promise<void>((resolve) => web.close(() => resolve()))
    },
  }
}
