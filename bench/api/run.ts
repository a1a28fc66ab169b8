/**
 * bench/api: requests per second of an authenticated `user/info` as a ratio to a bare node:http
 * hello-world measured in the same run (goal ≥ 0.5). Both servers run in their own process;
 * autocannon drives them from this one. The machine is shared and noisy, so the three figures are
 * measured in turn, several rounds, and the median ratio is the result.
 */
import autocannon from 'autocannon';
import { BENCH_MEMBER, startBaseline, startProduct } from '../lib/proc.js';
import { cpuMicrosPerRequest, listeningPid } from '../lib/cpu.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;

interface Figure {
  rps: number;
  /** Server CPU time (user + system, every thread) per request, where /proc tells it. */
  cpuUs: number | undefined;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figure> {
  const pid = listeningPid(new URL(url).port);
  const cpu = pid ? cpuMicrosPerRequest(pid) : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpuUs: cpu?.(result.requests.total) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const show = (f: Figure) => `${f.rps.toFixed(0).padStart(6)} req/s${f.cpuUs === undefined ? '' : `  (server CPU ${f.cpuUs.toFixed(1)} µs/request)`}`;

const baseline = await startBaseline();
const product = await startProduct();
try {
  const login = await fetch(`${product.url}/api/client_live/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', noToken: '1' },
    body: JSON.stringify({ account: BENCH_MEMBER.mobile, password: BENCH_MEMBER.password }),
  }).then((r) => r.json() as Promise<{ code: number; data: { token: string } }>);
  if (login.code !== 200) throw new Error(`bench member login failed: ${JSON.stringify(login)}`);

  const infoUrl = `${product.url}/api/client_live/user/info`;
  const auth = { Authorization: login.data.token };
  // The stack without the database: a public call (common/currency) runs every hook, validation,
  // the contract's output parse and the envelope, but reads no table.
  const floorUrl = `${product.url}/api/client_live/common/currency?lang=zh-CN`;
  // Warm all three up (JIT, caches), then measure them in turn so machine noise hits all alike.
  for (const [url, headers] of [
    [baseline.url, {}],
    [infoUrl, auth],
    [floorUrl, {}],
  ] as const) {
    await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  }
  const infoRatios: number[] = [];
  const floorRatios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const base = await measure(baseline.url);
    const info = await measure(infoUrl, auth);
    const floor = await measure(floorUrl);
    infoRatios.push(info.rps / base.rps);
    floorRatios.push(floor.rps / base.rps);
    console.log(`round ${round}`);
    console.log(`  baseline node:http hello-world   ${show(base)}`);
    console.log(`  authenticated GET user/info      ${show(info)}`);
    console.log(`  public common/currency (no db)   ${show(floor)}`);
  }
  console.log(`ratio user/info / baseline       ${median(infoRatios).toFixed(2)} median of ${infoRatios.map((r) => r.toFixed(2)).join(', ')} (goal >= 0.50)`);
  console.log(`ratio no-db floor / baseline     ${median(floorRatios).toFixed(2)} median of ${floorRatios.map((r) => r.toFixed(2)).join(', ')}`);
} finally {
  await product.stop();
  await baseline.stop();
}
