import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '@prizes/platform'

/** Debian's nginx (`nginx-light`, installed by `.ci/run` when missing); `NGINX_PATH` overrides. */
export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

export interface RunningNginx {
  /** `http://127.0.0.1:<port>`: nginx, passing every request on to the upstream. */
  readonly url: string
  readonly port: number
  stop(): Promise<void>
}

/**
 * A real reverse proxy in front of `upstream` (`http://host:port`), as an operator puts one: one
 * nginx process of its own (no daemon, no master), its config, pid, logs and temp files in a
 * directory of its own, adding the client's address to `X-Forwarded-For`.
 */
export async function startNginx(upstream: string): Promise<RunningNginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'prizes-nginx-'))
  const port = await freePort()
  const config = `
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`
  await writeFile(path.join(dir, 'nginx.conf'), config)
  const child: ChildProcess = spawn(
    nginxPath,
    ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    await rm(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 10_000
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')
      await stop()
      throw new Error(`nginx did not start: ${stderr}${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { url: `http://127.0.0.1:${port}`, port, stop }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
