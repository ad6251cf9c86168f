import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { controlProcess } from "../../scripts/lib/standalone-server.mjs";
import { eventually, refusesConnections } from "../support/probes";

/** The nginx configuration docs/deployment.md gives, on loopback ports, with its files in `dir`. */
type NginxOptions = { port: number; replicas: number[]; dir: string };

/** `down`: the replica taken out of the upstream, as an operator does before restarting it. */
function nginxConfig({ port, replicas, dir }: NginxOptions, down?: number): string {
  return `worker_processes 1;
# A reload's old workers wait for their connections to end, and a live stream does not end by itself: after this they
# close it, and the browser reconnects (with Last-Event-ID) through the new workers.
worker_shutdown_timeout 10s;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 512; }
http {
  access_log off;
  # The test's clients open a connection per request: a reload's old workers close idle client connections, which a
  # browser would reopen for an idempotent request but the test's fetch would report as failed.
  keepalive_timeout 0;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip on;
  gzip_proxied any;
  gzip_types application/json text/css application/javascript text/event-stream;

  upstream categories_admin {
${replicas.map((replica) => `    server 127.0.0.1:${replica} max_fails=1 fail_timeout=2s${replica === down ? " down" : ""};`).join("\n")}
  }

  server {
    listen 127.0.0.1:${port};
    # A refused connection (a replica that stopped listening) is tried on the other replica, for every method: the
    # request was never sent. A request already sent is retried only when it is idempotent (nginx's default).
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 2;
    proxy_connect_timeout 2s;
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;

    location / {
      proxy_pass http://categories_admin;
    }
    # Live events: each one passed on as it comes. The app asks for this too (X-Accel-Buffering: no, and no-transform
    # against compression); these lines say it where an operator looks.
    location = /api/events {
      proxy_pass http://categories_admin;
      proxy_buffering off;
      gzip off;
    }
  }
}
`;
}

export async function startNginx(options: NginxOptions) {
  const file = join(options.dir, "nginx.conf");
  const args = ["-p", options.dir, "-c", file, "-e", join(options.dir, "error.log")];
  await writeFile(file, nginxConfig(options));
  const child = spawn("nginx", [...args, "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
  const control = controlProcess(child);
  if (!(await eventually(async () => !(await refusesConnections(options.port)), 10_000)))
    throw new Error(`nginx did not listen on ${options.port}`);
  return {
    ...control,
    /**
     * Takes a replica out of the upstream (or puts them all back) with a graceful reload: requests in flight finish,
     * new ones go to the others.
     */
    async setDown(replica?: number) {
      await writeFile(file, nginxConfig(options, replica));
      const reload = spawn("nginx", [...args, "-s", "reload"], { stdio: "inherit" });
      const [code] = (await once(reload, "exit")) as [number | null];
      if (code !== 0) throw new Error(`nginx -s reload exited with ${code}`);
    },
  };
}
