import { type Logger, pino } from 'pino'

export type { Logger }

/** One pino logger per process; services take a child with their name. */
export function createLogger(options: { level: string; pretty?: boolean; name?: string }): Logger {
  return pino({
    level: options.level,
    ...(options.name ? { name: options.name } : {}),
    redact: ['req.headers.authorization', 'password', '*.password'],
    ...(options.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, ignore: 'pid,hostname', translateTime: 'HH:MM:ss' },
          },
        }
      : {}),
  })
}
