// The shipped nginx server block (deploy/nginx/clearline.conf) run by a real nginx on loopback
// ports with a self-signed certificate, for the tests of the deployment files: the operator's
// edits made as plain text replacements of the file, and a request helper that speaks to it.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findFreePort } from "../../scripts/free-port.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
export const shippedConf = readFileSync(join(root, "deploy/nginx/clearline.conf"), "utf8");
export const domain = "clearline.test";
export const origin = `https://${domain}`;

/** A program on the PATH or in the sbin folders, where Debian puts nginx. */
export function findProgram(name: string): string | undefined {
  const found = spawnSync("sh", ["-c", `PATH="$PATH:/usr/sbin:/sbin" command -v ${name}`], {
    encoding: "utf8",
  });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

export const nginx = findProgram("nginx");
export const openssl = findProgram("openssl");

export type ProxyPorts = { http: number; https: number; site: number | number[] };

/**
 * The operator's edits, as plain text replacements of the shipped file: the domain (certificate
 * paths included) always; for a test run also the certificate folder, the ACME webroot, the
 * release folder, the maintenance flag, the listening ports (loopback, IPv4 only) and the site's
 * port (one `server` line per port). Each must match, so the test breaks when the file changes
 * under it rather than testing something else.
 */
export function fillConf(values: {
  certDir: string;
  acmeRoot?: string;
  releaseDir?: string;
  maintenanceFlag?: string;
  ports?: ProxyPorts;
}): string {
  const edits: [string, string][] = [
    ["example.com", domain],
    [`/etc/letsencrypt/live/${domain}`, values.certDir],
  ];
  if (values.acmeRoot) edits.push(["/var/www/html", values.acmeRoot]);
  if (values.releaseDir) edits.push(["/srv/clearline/current", values.releaseDir]);
  if (values.maintenanceFlag) edits.push(["/srv/clearline/maintenance", values.maintenanceFlag]);
  if (values.ports) {
    const servers = [values.ports.site]
      .flat()
      .map((port) => `server 127.0.0.1:${port};`)
      .join("\n    ");
    edits.push(
      ["listen 80;", `listen 127.0.0.1:${values.ports.http};`],
      ["listen [::]:80;", ""],
      ["listen 443 ssl http2;", `listen 127.0.0.1:${values.ports.https} ssl http2;`],
      ["listen [::]:443 ssl http2;", ""],
      ["server 127.0.0.1:3000;", servers],
    );
  }
  return edits.reduce((text, [from, to]) => {
    if (!text.includes(from)) throw new Error(`deploy/nginx/clearline.conf has no "${from}"`);
    return text.replaceAll(from, to);
  }, shippedConf);
}

/** nginx's main file as Debian's (compression on, the MIME types), all its files in `dir`. */
export function writeMainConf(dir: string, siteConf: string): string {
  writeFileSync(join(dir, "clearline.conf"), siteConf);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `${kind}_temp_path ${join(dir, `${kind}-temp`)};`)
    .join(" ");
  const file = join(dir, "nginx.conf");
  writeFileSync(
    file,
    `worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types; default_type application/octet-stream; sendfile on; gzip on;
  access_log ${dir}/access.log; ${temp}
  include ${dir}/clearline.conf;
}
`,
  );
  return file;
}

/** A folder for nginx's files; its workers run as an unprivileged user and read and write there. */
export function makeNginxDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "site-proxy-"));
  chmodSync(dir, 0o755);
  return dir;
}

/** A self-signed certificate for the test domain in certDir; answers it (PEM) for clients to trust. */
export function makeCertificate(certDir: string): string {
  mkdirSync(certDir);
  const made = spawnSync(
    openssl ?? "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-days", "2", "-subj", `/CN=${domain}`, "-addext", `subjectAltName=DNS:${domain}`],
      ...["-keyout", join(certDir, "privkey.pem"), "-out", join(certDir, "fullchain.pem")],
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate:\n${made.stderr}`);
  return readFileSync(join(certDir, "fullchain.pem"), "utf8");
}

/** nginx with the filled-in server block, started on free loopback ports in front of the site's. */
export async function startNginx(
  dir: string,
  certDir: string,
  site: number | number[],
  options: { releaseDir?: string; maintenanceFlag?: string } = {},
): Promise<ProxyPorts> {
  const acmeRoot = join(dir, "acme");
  mkdirSync(join(acmeRoot, ".well-known/acme-challenge"), { recursive: true });
  writeFileSync(join(acmeRoot, ".well-known/acme-challenge/token-1"), "token-1.thumbprint");
  chmodSync(acmeRoot, 0o755);
  const ports = { http: await findFreePort(), https: await findFreePort(), site };
  const conf = writeMainConf(dir, fillConf({ certDir, acmeRoot, ...options, ports }));
  const started = spawnSync(nginx ?? "nginx", ["-p", dir, "-c", conf], { encoding: "utf8" });
  if (started.status !== 0) throw new Error(`nginx did not start:\n${started.stderr}`);
  return ports;
}

export function stopNginx(dir: string): void {
  try {
    process.kill(Number(readFileSync(join(dir, "nginx.pid"), "utf8")), "SIGTERM");
  } catch {
    // nginx never started
  }
}

export type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/** One request on its own connection, from a chosen loopback address, bytes as sent (no decoding). */
export function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer;
    from?: string;
    ca?: string;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: options.method ?? "GET",
        headers: { "accept-encoding": "identity", ...options.headers },
        localAddress: options.from ?? "127.0.0.1",
        agent: false,
        ca: options.ca,
        servername: domain,
        timeout: options.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on("error", reject);
    req.end(options.body);
  });
}
