import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { controlProcess } from "../../scripts/lib/standalone-server.mjs";
import { eventually, refusesConnections } from "../support/probes";

/** The nginx configuration docs/deployment.md gives, on loopback ports, with its files in `dir`. */
export function nginxConfig({ port, replicas, dir }: { port: number; replicas: number[]; dir: string }): string {
  return `worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  upstream categories_admin {
${replicas.map((replica) => `    server 127.0.0.1:${replica} max_fails=1 fail_timeout=2s;`).join("\n")}
  }

  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://categories_admin;
      # A refused connection (a replica that stopped listening) is tried on the other replica, for every method:
      # the request was never sent. A request already sent is retried only when it is idempotent (nginx's default).
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`;
}

export async function startNginx(options: { port: number; replicas: number[]; dir: string }) {
  const file = join(options.dir, "nginx.conf");
  await writeFile(file, nginxConfig(options));
  const child = spawn(
    "nginx",
    ["-p", options.dir, "-c", file, "-e", join(options.dir, "error.log"), "-g", "daemon off;"],
    {
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const control = controlProcess(child);
  if (!(await eventually(async () => !(await refusesConnections(options.port)), 10_000)))
    throw new Error(`nginx did not listen on ${options.port}`);
  return control;
}
