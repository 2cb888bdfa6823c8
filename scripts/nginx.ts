/**
 * nginx in front of several servers, as docs/deployment.md describes it: the
 * scale-out e2e test and `npm run chaos` each start one on loopback with this
 * configuration (a failed or 502/503 upstream is retried on the next one; bodies up to
 * 1 MiB, the invite file's up to 2 MiB).
 */
import fs from 'node:fs';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

export interface NginxOptions {
  /** error_log's level. */
  errorLevel?: 'crit' | 'warn';
  workerConnections?: number;
  /** Idle connections kept open to the upstreams. */
  keepalive?: number;
  /** Header a response with the upstream that answered it (for a test that asks who did). */
  showUpstream?: boolean;
}

/** The configuration of an nginx listening on `listen`, balancing over `upstreams`, its files under `dir`. */
export function nginxConfig(dir: string, listen: number, upstreams: number[], options: NginxOptions = {}): string {
  const { errorLevel = 'warn', workerConnections = 256, keepalive = 8, showUpstream = false } = options;
  return `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log ${errorLevel};
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream airman {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=30s;`).join('\n')}
    keepalive ${keepalive};
  }
  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 1m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 2;
    proxy_buffering off;${showUpstream ? '\n    add_header X-Upstream $upstream_addr always;' : ''}
    location / {
      proxy_pass http://airman;
    }
    location /api/admin/invite/file {
      client_max_body_size 2m;
      proxy_pass http://airman;
    }
  }
}
`;
}
