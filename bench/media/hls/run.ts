/**
 * HLS viewers one process can serve: the app server's static path (`/uploads/…`, where local storage
 * puts a live room's segments) against nginx (Debian's nginx-light, one worker) serving the same files
 * with the same cache headers, in the same run. An HLS viewer fetches the live playlist and one 1 s
 * segment (~1 Mbit/s) per second, so viewers served = playlist+segment pairs per second. What the
 * server cannot take is what a CDN in front of the bucket must (media README, "A CDN in front").
 *
 * `npx tsx bench/media/hls/run.ts` (CONNECTIONS=50, DURATION=10)
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMicrosPerRequest, listeningPid } from '../../lib/cpu.js';
import { freePort, startProduct, waitHttp, type Proc } from '../../lib/proc.js';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const KEY = 'live/1-0123456789abcdef';

/** A live room's files as the egress leaves them: six 1 s segments of a noisy 640×360 picture at ~1 Mbit/s and the playlist. */
function makeSegments(uploads: string): { playlist: string; segment: string; bytes: number } {
  const dir = path.join(uploads, KEY);
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=20,noise=alls=12:allf=t', '-t', '6'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '1M', '-maxrate', '1M', '-bufsize', '1M', '-g', '20'],
    ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', '-hls_segment_filename', `${dir}/r1-%05d.ts`, `${dir}/index.m3u8`],
  ]);
  const segment = `r1-00002.ts`;
  return { playlist: `/uploads/${KEY}/index.m3u8`, segment: `/uploads/${KEY}/${segment}`, bytes: fs.statSync(path.join(dir, segment)).size };
}

async function startNginx(uploads: string): Promise<Proc & { pid: number }> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx-light)');
  const port = await freePort();
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  const conf = `worker_processes 1; daemon off; user root; pid ${prefix}/nginx.pid; error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fcgi; uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  types { application/vnd.apple.mpegurl m3u8; video/mp2t ts; }
  server {
    listen 127.0.0.1:${port};
    location /uploads/ {
      alias ${uploads}/;
      add_header Cache-Control "public, max-age=31536000, immutable";
      location ~ \\.m3u8$ { add_header Cache-Control "public, max-age=1"; }
    }
  }
}`;
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitHttp(`${url}/uploads/${KEY}/index.m3u8`, child);
  // The worker does the serving: its pid, not the master's.
  const worker = Number(
    execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')[0],
  );
  return {
    url,
    pid: worker,
    async stop() {
      child.kill('SIGQUIT');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** Viewers per second (playlist + segment pairs) and CPU µs per viewer-second. */
async function drive(name: string, url: string, pid: number | undefined, files: { playlist: string; segment: string }) {
  const cpu = pid ? cpuMicrosPerRequest(pid) : undefined;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, requests: [{ path: files.playlist }, { path: files.segment }] });
  const pairs = r.requests.total / 2;
  const perS = pairs / DURATION;
  const us = cpu?.(pairs);
  const errors = r.errors + r.non2xx;
  console.log(
    `${name.padEnd(14)} ${perS.toFixed(0).padStart(6)} viewers/s  ${(r.throughput.average / 1e6).toFixed(1)} MB/s  p99 ${r.latency.p99} ms  ` +
      `${us === undefined ? '' : `${us.toFixed(0)} µs CPU per viewer-second  `}errors ${errors}`,
  );
  return { perS, us };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-hls-'));
const uploads = path.join(dataDir, 'uploads');
const files = makeSegments(uploads);
console.log(`HLS serving: segment ${(files.bytes / 1024).toFixed(0)} KiB, ${CONNECTIONS} connections, ${DURATION} s each, load ${os.loadavg()[0]!.toFixed(1)}`);
const server = await startProduct({ dataDir });
const nginx = await startNginx(uploads);
try {
  // The same files and headers from both.
  for (const base of [server.url, nginx.url]) {
    const res = await fetch(`${base}${files.playlist}`);
    if (res.headers.get('cache-control') !== 'public, max-age=1') throw new Error(`${base}: playlist cache-control ${res.headers.get('cache-control')}`);
  }
  const app = await drive('server static', server.url, listeningPid(new URL(server.url).port), files);
  const ng = await drive('nginx', nginx.url, nginx.pid, files);
  // The load generator (autocannon, in this process) and a shared machine bound the rates above; CPU per viewer is each server's own cost.
  const perCore = (us: number | undefined) => (us ? (1e6 / us).toFixed(0) : '?');
  console.log(`viewers per second per core of CPU: server ${perCore(app.us)}, nginx ${perCore(ng.us)}`);
  console.log(
    `server / nginx: ${(app.perS / ng.perS).toFixed(2)} × the viewers served in the run; ${app.us && ng.us ? (ng.us / app.us).toFixed(3) : '?'} × the viewers per core (load ${os.loadavg()[0]!.toFixed(1)})`,
  );
} finally {
  await nginx.stop();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
