// The shipped deployment files against the real programs: deploy/nginx/clearline.conf in a real
// nginx in front of the production entry (a self-signed certificate, loopback ports), `nginx -t`
// on the file as an operator fills it in, and `systemd-analyze verify` on the units.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect as connectHttp2 } from "node:http2";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxImageBytes, maxUploadBodyBytes } from "~/capabilities/media/image-rules";
import { findFreePort } from "../../scripts/free-port.ts";
import { serverTimeouts, shutdownTimings } from "../../server/serving.server";
import { waitFor } from "../support/newsletter";
import {
  type Answer,
  domain,
  fillConf,
  findProgram,
  makeCertificate,
  makeNginxDir,
  nginx,
  openssl,
  origin,
  type ProxyPorts,
  send,
  shippedConf,
  startNginx,
  stopNginx,
  writeMainConf,
} from "../support/nginx-proxy";
import { collectOutput } from "../support/server-process";
import { type SiteProcess, startSiteProcess } from "../support/site-process";
import { testAdmin } from "../support/test-site";

const root = fileURLToPath(new URL("../..", import.meta.url));

const systemdAnalyze = findProgram("systemd-analyze");
const socketActivate = findProgram("systemd-socket-activate");
if (!nginx || !openssl) {
  console.warn(
    "Reverse proxy tests skipped: nginx or openssl not found (apt-get install nginx-light openssl)",
  );
}
if (!socketActivate) {
  console.warn("Restart test skipped: systemd-socket-activate not found (apt-get install systemd)");
}
if (!systemdAnalyze) {
  console.warn("systemd unit check skipped: systemd-analyze not found (no systemd here)");
}

/** A PNG of random pixels stored without compression: close under the 2 MB upload limit. */
async function makeTwoMegabytePng(): Promise<Buffer> {
  const side = 832;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
}

/** The session cookie an answer sets, with its attributes. */
function sessionCookieOf(answer: Answer): string {
  const cookies = [answer.headers["set-cookie"] ?? []].flat();
  return cookies.find((value) => /^(__Host-)?session=/.test(value)) ?? "";
}

/** A multipart body as a browser's FormData sends it, with its content type. */
async function encodeForm(form: FormData): Promise<{ body: Buffer; type: string }> {
  const encoded = new Request("http://form.invalid/", { method: "POST", body: form });
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    type: encoded.headers.get("content-type") ?? "",
  };
}

describe.skipIf(!nginx || !openssl)("the shipped nginx server block", () => {
  let dir: string;
  let cert: string;
  let site: SiteProcess;
  let ports: ProxyPorts;
  let proxy: string;
  let releaseDir: string;

  function viaProxy(path: string, options: Parameters<typeof send>[1] = {}) {
    return send(`${proxy}${path}`, {
      ...options,
      ca: cert,
      headers: { host: domain, ...options.headers },
    });
  }

  async function logIn(from: string, password = testAdmin.password) {
    return viaProxy("/api/admin/login", {
      method: "POST",
      from,
      headers: { "content-type": "application/json", origin },
      body: Buffer.from(JSON.stringify({ email: testAdmin.email, password })),
    });
  }

  beforeAll(async () => {
    dir = makeNginxDir();
    const certDir = join(dir, "certs");
    cert = makeCertificate(certDir);
    site = await startSiteProcess({
      SITE_URL: origin,
      LOG_LEVEL: "info",
      DATABASE_URL: `file:${join(dir, "site.db")}`,
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
    });
    // The build's client files where a release keeps them, readable by nginx's workers wherever
    // this checkout lives.
    releaseDir = join(dir, "release");
    cpSync(join(root, "build/client"), join(releaseDir, "build/client"), { recursive: true });
    ports = await startNginx(dir, certDir, site.port, {
      releaseDir,
      maintenanceFlag: join(dir, "maintenance"),
    });
    proxy = `https://127.0.0.1:${ports.https}`;
  });

  afterAll(async () => {
    stopNginx(dir);
    await site?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes `nginx -t` as shipped once the domain and its certificate are filled in", () => {
    const checkDir = join(dir, "check");
    mkdirSync(checkDir);
    const conf = writeMainConf(checkDir, fillConf({ certDir: join(dir, "certs") }));
    const checked = spawnSync(nginx ?? "nginx", ["-t", "-p", checkDir, "-c", conf], {
      encoding: "utf8",
    });
    expect(checked.stderr).toContain("test is successful");
    expect(checked.status).toBe(0);
  });

  it("keeps the site's limits: the upload size, its timeouts and a keep-alive nginx drops first", () => {
    const setting = (name: string) =>
      new RegExp(`^\\s*${name} (\\d+)(k|s);`, "m").exec(shippedConf)?.[1];
    expect(Number(setting("client_max_body_size")) * 1024).toBe(maxUploadBodyBytes);
    expect(Number(setting("client_header_timeout")) * 1000).toBe(serverTimeouts.headersMs);
    expect(Number(setting("proxy_read_timeout")) * 1000).toBe(serverTimeouts.requestMs);
    expect(Number(setting("keepalive_timeout")) * 1000).toBeLessThan(serverTimeouts.keepAliveMs);
  });

  it("redirects HTTP to HTTPS, ACME challenges aside", async () => {
    const http = `http://127.0.0.1:${ports.http}`;
    const redirected = await send(`${http}/services?from=mail`, { headers: { host: domain } });
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toBe(`${origin}/services?from=mail`);
    const challenge = await send(`${http}/.well-known/acme-challenge/token-1`, {
      headers: { host: domain },
    });
    expect(challenge.status).toBe(200);
    expect(challenge.body.toString()).toBe("token-1.thumbprint");
  });

  it("speaks HTTP/2 over TLS with the certificate and serves the home page", async () => {
    const session = connectHttp2(proxy, { ca: cert, servername: domain });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const stream = session.request({ ":path": "/", ":authority": domain });
        let status = 0;
        let body = "";
        stream.on("response", (headers) => {
          status = Number(headers[":status"]);
        });
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => {
          body += chunk;
        });
        stream.on("end", () => resolve({ status, body }));
        stream.on("error", reject);
      });
      expect(session.alpnProtocol).toBe("h2");
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("</html>");
    } finally {
      session.close();
    }
  });

  it("passes pages through with the site's own bytes, compressed or not, with HSTS", async () => {
    for (const path of ["/", "/services"]) {
      for (const encoding of ["identity", "gzip"]) {
        const headers = { "accept-encoding": encoding };
        const direct = await send(`${site.url}${path}`, { headers });
        const proxied = await viaProxy(path, { headers });
        expect(proxied.status).toBe(200);
        expect(proxied.headers["content-encoding"]).toBe(direct.headers["content-encoding"]);
        expect(proxied.body.equals(direct.body)).toBe(true);
        // The site's own host only: subdomains are the owner's choice (HSTS_INCLUDE_SUBDOMAINS).
        expect(proxied.headers["strict-transport-security"]).toBe("max-age=63072000");
      }
    }
  });

  it("serves the build's assets itself: the same bytes, immutable, the build's gzip copy", async () => {
    const assetsDir = join(releaseDir, "build/client/assets");
    const files = readdirSync(assetsDir);
    const name = files.find((file) => file.endsWith(".js") && files.includes(`${file}.gz`));
    if (!name) throw new Error("the build has no precompressed script");
    const path = `/assets/${name}`;

    const plain = await viaProxy(path);
    expect(plain.status).toBe(200);
    expect(plain.body.equals(readFileSync(join(assetsDir, name)))).toBe(true);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    const gzipped = await viaProxy(path, { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.body.equals(readFileSync(join(assetsDir, `${name}.gz`)))).toBe(true);

    // nginx's access log has the requests; the site never saw them (it logs each one it answers,
    // as the direct request below shows).
    expect(readFileSync(join(dir, "access.log"), "utf8")).toContain(`GET ${path} HTTP/1.1`);
    expect(site.output()).not.toContain(`"url":"${path}"`);
    await send(`${site.url}${path}`);
    await expect.poll(() => site.output()).toContain(`"url":"${path}"`);
  });

  it("lets the site see each visitor's address: a sign-in lock holds one visitor, not everyone", async () => {
    let locked = 0;
    for (let attempt = 0; attempt < 6 && locked === 0; attempt++) {
      const wrong = await logIn("127.0.0.2", "not the password at all");
      if (wrong.status === 429) locked = attempt;
      else expect(wrong.status).toBe(401);
    }
    expect(locked).toBeGreaterThan(0);
    // The locked visitor cannot sign in, even naming another address in X-Forwarded-For...
    const spoofed = await viaProxy("/api/admin/login", {
      method: "POST",
      from: "127.0.0.2",
      headers: { "content-type": "application/json", origin, "x-forwarded-for": "127.0.0.9" },
      body: Buffer.from(JSON.stringify(testAdmin)),
    });
    expect(spoofed.status).toBe(429);
    // ...while another visitor behind the same nginx signs in, with a Secure session cookie.
    const other = await logIn("127.0.0.3");
    expect(other.status).toBe(200);
    const cookie = sessionCookieOf(other);
    // Over https the cookie is __Host- prefixed, which browsers accept only when it is Secure.
    expect(cookie).toMatch(/^__Host-session=/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
  });

  it("passes a port other than 443 on to the site: an admin signs in on https://domain:PORT", async () => {
    const host = `${domain}:${ports.https}`;
    const signedIn = await viaProxy("/api/admin/login", {
      method: "POST",
      from: "127.0.0.5",
      headers: { host, "content-type": "application/json", origin: `https://${host}` },
      body: Buffer.from(JSON.stringify(testAdmin)),
    });
    expect(signedIn.status).toBe(200);
  });

  it("answers a short 503 page with Retry-After while the maintenance flag exists, posts too", async () => {
    writeFileSync(join(dir, "maintenance"), "");
    try {
      for (const method of ["GET", "POST"]) {
        const paused = await viaProxy("/contact", { method, headers: { origin } });
        expect(paused.status).toBe(503);
        expect(paused.headers["retry-after"]).toBe("15");
        expect(paused.headers["content-type"]).toMatch(/^text\/html/);
        expect(paused.body.toString()).toContain("Back in a minute");
      }
      // The build's assets are still served: a page open in a browser keeps working.
      const assets = readdirSync(join(releaseDir, "build/client/assets"));
      const asset = assets.find((file) => file.endsWith(".css")) ?? "";
      expect((await viaProxy(`/assets/${asset}`)).status).toBe(200);
    } finally {
      rmSync(join(dir, "maintenance"));
    }
    expect((await viaProxy("/contact")).status).toBe(200);
  });

  it("takes a 2 MB image upload, and refuses a larger body itself", async () => {
    const signedIn = await logIn("127.0.0.4");
    const cookie = sessionCookieOf(signedIn).split(";")[0] ?? "";
    const png = await makeTwoMegabytePng();
    expect(png.length).toBeGreaterThan(2_000_000);
    expect(png.length).toBeLessThanOrEqual(maxImageBytes);
    const form = new FormData();
    form.append("image", new Blob([Uint8Array.from(png)], { type: "image/png" }), "team.png");
    const { body, type } = await encodeForm(form);
    const headers = { "content-type": type, origin, cookie };
    const uploaded = await viaProxy("/api/admin/images", {
      method: "POST",
      from: "127.0.0.4",
      headers,
      body,
    });
    expect(uploaded.status).toBe(201);
    const { image } = JSON.parse(uploaded.body.toString()) as { image: { url: string } };
    // Kept as uploaded, its metadata stripped (issue 18): the same picture comes back.
    const served = await viaProxy(image.url);
    expect(served.status).toBe(200);
    expect(await sharp(served.body).metadata()).toMatchObject({ format: "png", width: 832 });

    const tooLarge = Buffer.alloc(maxUploadBodyBytes + 1);
    const refused = await viaProxy("/api/admin/images", {
      method: "POST",
      from: "127.0.0.4",
      headers: { ...headers, "content-type": "application/octet-stream" },
      body: tooLarge,
    });
    expect(refused.status).toBe(413);
  });
});

describe.skipIf(!nginx || !openssl || !socketActivate)(
  "a restart of the site behind nginx, on the socket systemd holds (clearline.socket)",
  () => {
    let dir: string;
    let cert: string;
    let proxy: string;
    let holder: ChildProcess;
    let holderOutput: () => string = () => "";
    const readSitePid = () => Number(readFileSync(join(dir, "site.pid"), "utf8").trim() || 0);

    function viaProxy(path: string) {
      return send(`${proxy}${path}`, { ca: cert, headers: { host: domain } });
    }

    beforeAll(async () => {
      dir = makeNginxDir();
      const certDir = join(dir, "certs");
      cert = makeCertificate(certDir);
      const sitePort = await findFreePort();
      const env = {
        PATH: process.env.PATH ?? "",
        SITE_URL: origin,
        LOG_LEVEL: "warn",
        DATABASE_URL: `file:${join(dir, "site.db")}`,
        IMAGE_CACHE_DIR: join(dir, "image-cache"),
        // Never used while the socket is passed; a free port should that ever fail.
        PORT: "0",
        STOP_FILE: join(dir, "stop"),
        PID_FILE: join(dir, "site.pid"),
        NODE: process.execPath,
        ENTRY: join(root, "server/index.ts"),
      };
      // As systemd runs clearline.socket and the service: the socket stays open in the holder
      // while the site process comes and goes. Each run gets it as fd 3 with LISTEN_PID naming
      // itself (the inner shell writes its pid, then becomes node).
      const restartLoop = `while [ ! -e "$STOP_FILE" ]; do sh -c 'echo $$ > "$PID_FILE"; LISTEN_PID=$$ exec "$NODE" "$ENTRY"'; done`;
      holder = spawn(
        socketActivate ?? "systemd-socket-activate",
        [
          ...["-l", `127.0.0.1:${sitePort}`],
          ...Object.entries(env).flatMap(([name, value]) => ["-E", `${name}=${value}`]),
          ...["sh", "-c", restartLoop],
        ],
        { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
      );
      holderOutput = collectOutput(holder);
      // Until the holder listens, nginx's first connection would be refused (a 502 of the test's
      // own making, seen once nginx started faster than the holder).
      await waitFor(() => holderOutput().includes("Listening on"), 10_000);
      const ports = await startNginx(dir, certDir, sitePort);
      proxy = `https://127.0.0.1:${ports.https}`;
      // The first connection starts the site (systemd-socket-activate waits for one).
      const first = await viaProxy("/");
      if (first.status !== 200) {
        throw new Error(`the site did not answer (${first.status}):\n${holderOutput()}`);
      }
    }, 60_000);

    afterAll(async () => {
      stopNginx(dir);
      writeFileSync(join(dir, "stop"), "");
      try {
        process.kill(readSitePid(), "SIGTERM");
      } catch {
        // already gone
      }
      // The loop ends when the site has stopped and it finds the stop file; only then can its
      // folder go, or a last start writes into it again.
      if (holder && holder.exitCode === null) {
        await Promise.race([once(holder, "exit"), delay(shutdownTimings.exitMs + 2_000)]);
      }
      holder?.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    });

    it("answers every visitor while the process restarts: no 502, no 5xx, no dropped request", async () => {
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      let visiting = true;
      const paths = ["/", "/about", "/services", "/blog", "/contact"];
      const visitor = async (offset: number) => {
        for (let i = offset; visiting; i++) {
          try {
            const answer = await viaProxy(paths[i % paths.length] ?? "/");
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          } catch (error) {
            failures.push((error as Error).message);
          }
        }
      };
      const visitors = Promise.all([0, 1, 2, 3].map(visitor));
      await new Promise((resolve) => setTimeout(resolve, 500));

      // `systemctl restart clearline`: SIGTERM to the site; systemd starts it again.
      const oldPid = readSitePid();
      process.kill(oldPid, "SIGTERM");
      const restartedAt = Date.now();
      while (readSitePid() === oldPid && Date.now() - restartedAt < 20_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const newPid = readSitePid();
      // Visitors go on until the new process has answered, and a while longer.
      const healthy = await viaProxy("/healthz");
      const backAfterMs = Date.now() - restartedAt;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      visiting = false;
      await visitors;

      const summary = [...statuses].map(([status, count]) => `${count}×${status}`).join(", ");
      console.log(
        `Restart behind nginx: ${summary}; ${failures.length} failed requests; the new process answered ${backAfterMs} ms after the signal`,
      );
      expect(healthy.status).toBe(200);
      expect(newPid).not.toBe(oldPid);
      expect(() => process.kill(oldPid, 0)).toThrow();
      expect(failures).toEqual([]);
      expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
      expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
      expect(holderOutput()).not.toMatch(/"level":50/);
    }, 60_000);
  },
);

describe("the shipped systemd units", () => {
  const unitDir = join(root, "deploy/systemd");
  const service = readFileSync(join(unitDir, "clearline.service"), "utf8");

  it("give the site time to stop gracefully before it is killed", () => {
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)s$/m.exec(service)?.[1]);
    expect(stopSeconds * 1000).toBeGreaterThan(shutdownTimings.exitMs);
    expect(service).toMatch(/^KillSignal=SIGTERM$/m);
    expect(service).toMatch(/^Restart=on-failure$/m);
    expect(service).toMatch(/^NoNewPrivileges=yes$/m);
    expect(service).toMatch(/^ProtectSystem=strict$/m);
  });

  it("keep the listening socket through restarts, where nginx sends its requests", () => {
    const socket = readFileSync(join(unitDir, "clearline.socket"), "utf8");
    expect(service).toMatch(/^Requires=clearline\.socket$/m);
    const listen = /^ListenStream=(\S+)$/m.exec(socket)?.[1];
    expect(shippedConf).toContain(`server ${listen};`);
  });

  it("run the restart's stand-in as the service itself, on the same socket, from a release's folder", () => {
    const handover = readFileSync(join(unitDir, "clearline-handover@.service"), "utf8");
    const settingsOf = (unit: string) => {
      const end = unit.indexOf("[Install]");
      return unit
        .slice(unit.indexOf("[Service]"), end === -1 ? undefined : end)
        .split("\n")
        .filter((line) => line !== "" && !line.startsWith("#"))
        .filter((line) => !/^(WorkingDirectory|Restart|RestartSec|Sockets)=/.test(line));
    };
    expect(settingsOf(handover)).toEqual(settingsOf(service));
    expect(handover).toMatch(/^Sockets=clearline\.socket$/m);
    expect(handover).toMatch(/^WorkingDirectory=\/srv\/clearline\/releases\/%i$/m);
    // Never enabled: it runs only while deploy/clearline-maintain restarts the service.
    expect(handover).not.toMatch(/^\[Install\]/m);
  });

  it.skipIf(!systemdAnalyze)("pass `systemd-analyze verify` without a warning", () => {
    const units = [
      "clearline.service",
      "clearline.socket",
      "clearline-handover@.service",
      "clearline-backup.service",
      "clearline-backup.timer",
    ];
    const verified = spawnSync(
      systemdAnalyze ?? "",
      ["verify", ...units.map((unit) => join(unitDir, unit))],
      {
        encoding: "utf8",
      },
    );
    expect(verified.stdout + verified.stderr).toBe("");
    expect(verified.status).toBe(0);
  });
});
