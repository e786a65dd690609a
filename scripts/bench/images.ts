// `npm run bench:images`: how long making an image's sizes takes per megapixel and format, and
// serving a cached size against nginx serving the same bytes (goal: 50% or more). Runs the built
// site; needs nginx and wrk. BENCH_SECONDS sets each run's length (default 8).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { findFreePort } from "../free-port.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const admin = { email: "bench@example.com", password: `Bench-${Date.now()}-images` };
/** 2, 6 and 12 megapixel photos, 3:2 like a camera's. */
const photoSizes = [
  { width: 1732, height: 1155 },
  { width: 3000, height: 2000 },
  { width: 4243, height: 2828 },
];
const formats = ["avif", "webp", "jpg"] as const;
/** The largest size (the upload's own width when under 1920) and a phone's. */
const widthsOf = (uploadWidth: number) => [Math.min(1920, uploadWidth), 640];

/**
 * A photo-like JPEG: smooth shapes (a little noise image scaled up) with fine grain on top, so it
 * compresses, and costs to encode, like a photo rather than like flat colour or pure noise.
 */
async function makePhoto(width: number, height: number): Promise<Buffer> {
  const coarse = await sharp({
    create: {
      width: Math.ceil(width / 40),
      height: Math.ceil(height / 40),
      channels: 3,
      background: "#777777",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const smooth = await sharp(coarse).resize(width, height, { kernel: "cubic" }).raw().toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 0, sigma: 6 },
    },
  })
    .raw()
    .toBuffer();
  const raw = { width, height, channels: 3 } as const;
  return sharp(smooth, { raw })
    .composite([{ input: grain, raw, blend: "add" }])
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the site exited:\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the site never answered:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Requests per second and p99 latency (ms) of wrk against one address. */
function runWrk(url: string): { rate: number; p99: number } {
  const output = execFileSync("wrk", ["-t2", "-c50", `-d${seconds}s`, "--latency", url], {
    encoding: "utf8",
  });
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const p99Match = / 99%\s+([\d.]+)(us|ms|s)/.exec(output);
  const unit = p99Match?.[2];
  const value = Number(p99Match?.[1] ?? Number.NaN);
  const p99 = unit === "us" ? value / 1000 : unit === "s" ? value * 1000 : value;
  if (/Non-2xx/.test(output)) {
    const after = execFileSync("curl", ["-s", "-D", "-", "-o", "/dev/null", url], {
      encoding: "latin1",
    });
    throw new Error(`wrk saw errors from ${url}:\n${output}\nthen:\n${after.slice(0, 600)}`);
  }
  return { rate, p99 };
}

/** Uploads a JPEG; answers its address without the extension. */
async function uploadPhoto(url: string, cookie: string, photo: Buffer): Promise<string> {
  const form = new FormData();
  form.append("image", new Blob([Uint8Array.from(photo)], { type: "image/jpeg" }), "photo.jpg");
  const uploaded = await fetch(`${url}/api/admin/images`, {
    method: "POST",
    body: form,
    headers: { origin: url, cookie },
  });
  const answer = (await uploaded.json()) as { message: string; image?: { url: string } };
  if (uploaded.status !== 201 || !answer.image) throw new Error(answer.message);
  return answer.image.url.replace(/\.jpg$/, "");
}

async function main() {
  if (!existsSync(join(root, "build/server/index.js"))) {
    throw new Error("No build: run `npm run build` first");
  }
  const folder = await mkdtemp(join(tmpdir(), "bench-images-"));
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const server = spawn(process.execPath, [join(root, "server/index.ts")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: url,
      DATABASE_URL: `file:${join(folder, "site.db")}`,
      UPLOADS_DIR: join(folder, "uploads"),
      IMAGE_CACHE_DIR: join(folder, "cache"),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  let nginxPid: string | undefined;
  try {
    await waitForHealth(url, server, () => output);
    const login = await fetch(`${url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify(admin),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((value) => value.startsWith("session="))
      ?.split(";")[0];
    if (!cookie) throw new Error(`login failed: ${login.status}`);

    console.log(
      "Variant generation (first request, made by the site; ms per megapixel of the upload)",
    );
    console.log("upload         bytes    format  width    ms   ms/MP");
    let cachedUrl = "";
    // A first size made and thrown away, so no figure below pays for loading the encoders.
    await uploadPhoto(url, cookie, await makePhoto(800, 600)).then(async (address) => {
      for (const format of formats)
        await (await fetch(`${url}${address}.w640.${format}`)).arrayBuffer();
    });
    for (const size of photoSizes) {
      const photo = await makePhoto(size.width, size.height);
      const base = await uploadPhoto(url, cookie, photo);
      const megapixels = (size.width * size.height) / 1e6;
      for (const width of widthsOf(size.width)) {
        for (const format of formats) {
          const address = `${base}.w${width}.${format}`;
          const response = await fetch(`${url}${address}`);
          await response.arrayBuffer();
          const timing = response.headers.get("server-timing") ?? "";
          if (!timing.includes('desc="rendered"')) throw new Error(`${address}: ${timing}`);
          const ms = Number(/dur=([\d.]+)/.exec(timing)?.[1]);
          console.log(
            `${`${size.width}x${size.height}`.padEnd(11)} ${String(photo.length).padStart(8)}  ${format.padEnd(6)} ${String(width).padStart(6)} ${ms.toFixed(0).padStart(5)} ${(ms / megapixels).toFixed(1).padStart(7)}`,
          );
          if (megapixels > 5 && megapixels < 7 && width === 640 && format === "webp") {
            cachedUrl = address;
          }
        }
      }
    }

    // The same bytes under the same path for nginx.
    const cachedBytes = Buffer.from(await (await fetch(`${url}${cachedUrl}`)).arrayBuffer());
    const www = join(folder, "www");
    await mkdir(dirname(join(www, cachedUrl)), { recursive: true });
    await writeFile(join(www, cachedUrl), cachedBytes);
    // nginx's workers may run as another user: the throwaway folder is private by default.
    for (const path of [folder, www, join(www, "images"), dirname(join(www, cachedUrl))]) {
      await chmod(path, 0o755);
    }
    await chmod(join(www, cachedUrl), 0o644);
    // A port of its own: the site listens on every address, where nginx could take 127.0.0.1's.
    let nginxPort = await findFreePort();
    while (nginxPort === port) nginxPort = await findFreePort();
    const conf = join(folder, "nginx.conf");
    await writeFile(
      conf,
      `worker_processes 2; pid ${folder}/nginx.pid; error_log ${folder}/nginx-error.log; daemon on;
events { worker_connections 1024; }
http { access_log off; gzip off; types { image/webp webp; }
  server { listen 127.0.0.1:${nginxPort}; root ${www};
    location / { add_header Cache-Control "public, max-age=31536000, immutable"; } } }
`,
    );
    execFileSync("nginx", ["-c", conf]);
    nginxPid = (await readFile(join(folder, "nginx.pid"), "utf8")).trim();
    await new Promise((resolve) => setTimeout(resolve, 500));

    console.log(
      `\nCached variant ${cachedUrl} (${cachedBytes.length} bytes), wrk -t2 -c50 ${seconds}s`,
    );
    let best = { site: 0, nginx: 0 };
    for (const round of [1, 2]) {
      const site = runWrk(`${url}${cachedUrl}`);
      const nginx = runWrk(`http://127.0.0.1:${nginxPort}${cachedUrl}`);
      console.log(
        `round ${round}  site ${site.rate.toFixed(0).padStart(7)} req/s p99 ${site.p99.toFixed(2)} ms   nginx ${nginx.rate.toFixed(0).padStart(7)} req/s p99 ${nginx.p99.toFixed(2)} ms`,
      );
      best = { site: Math.max(best.site, site.rate), nginx: Math.max(best.nginx, nginx.rate) };
    }
    console.log(`cached variant share of nginx: ${((100 * best.site) / best.nginx).toFixed(1)}%`);
  } finally {
    if (nginxPid) process.kill(Number(nginxPid), "SIGTERM");
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  }
}

await main();
