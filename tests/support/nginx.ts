import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Debian's nginx balancing between app instances on loopback, as the README's "Running several
 * instances" section configures it: round robin, the client's address in X-Forwarded-For (set,
 * not appended: the app trusts the first entry with TRUST_PROXY=1), and a request that cannot
 * reach one instance tried on the next.
 */
export interface Nginx {
  url: string
  close(): Promise<void>
  /** Its error log, for a failing test's message. */
  errors(): string
}

export function nginxAvailable(): boolean {
  return spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0
}

export function nginxConfig(options: { listen: number; upstreams: number[]; dir: string }): string {
  const { dir } = options
  const servers = options.upstreams
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`)
    .join('\n')
  return `# Written by tests/support/nginx.ts
${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream omdeh {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${options.listen};
    client_max_body_size 25m;
    location / {
      proxy_pass http://omdeh;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      # A refused connection (an instance that died) is tried on the next one; a request that
      # reached an instance is not sent twice (nginx never repeats a POST by itself).
      proxy_next_upstream error timeout;
    }
  }
}
`
}

export async function startNginx(options: {
  listen: number
  upstreams: number[]
  dir: string
}): Promise<Nginx> {
  mkdirSync(options.dir, { recursive: true })
  const conf = join(options.dir, 'nginx.conf')
  writeFileSync(conf, nginxConfig(options))
  const child: ChildProcess = spawn(
    'nginx',
    ['-c', conf, '-p', options.dir, '-e', join(options.dir, 'error.log')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const url = `http://127.0.0.1:${options.listen}`
  const errors = () => {
    try {
      return stderr + readFileSync(join(options.dir, 'error.log'), 'utf8')
    } catch {
      return stderr
    }
  }
  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors()}`)
    try {
      await fetch(`${url}/api/health`)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen: ${errors()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url,
    errors,
    async close() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGQUIT')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}
