/**
 * bench/api: requests per second of an authenticated `user/info` as a ratio to a bare node:http
 * hello-world measured in the same run (goal ≥ 0.5). Both servers run in their own process;
 * autocannon drives them from this one.
 */
import autocannon from 'autocannon';
import { startBaseline, startProduct } from '../lib/proc.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;

async function rps(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const baseline = await startBaseline();
const product = await startProduct();
try {
  const login = await fetch(`${product.url}/api/client_live/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', noToken: '1' },
    body: JSON.stringify({ account: '13800000001', password: 'demo1234' }),
  }).then((r) => r.json() as Promise<{ code: number; data: { token: string } }>);
  if (login.code !== 200) throw new Error(`demo login failed: ${JSON.stringify(login)}`);

  // Warm both up, then measure alternately so machine noise hits both alike.
  await autocannon({ url: baseline.url, duration: 1, connections: CONNECTIONS });
  const infoUrl = `${product.url}/api/client_live/user/info`;
  const auth = { Authorization: login.data.token };
  await autocannon({ url: infoUrl, duration: 1, connections: CONNECTIONS, headers: auth });
  const base = await rps(baseline.url);
  const info = await rps(infoUrl, auth);
  // The stack without the database: a public call (common/currency) runs every hook, validation,
  // the contract's output parse and the envelope, but reads no table.
  const floorUrl = `${product.url}/api/client_live/common/currency?lang=zh-CN`;
  await autocannon({ url: floorUrl, duration: 1, connections: CONNECTIONS });
  const floor = await rps(floorUrl);
  console.log(`baseline node:http hello-world   ${base.toFixed(0)} req/s`);
  console.log(`authenticated GET user/info      ${info.toFixed(0)} req/s`);
  console.log(`public common/currency (no db)   ${floor.toFixed(0)} req/s`);
  console.log(`ratio user/info / baseline       ${(info / base).toFixed(2)} (goal >= 0.50)`);
  console.log(`ratio no-db floor / baseline     ${(floor / base).toFixed(2)}`);
} finally {
  await product.stop();
  await baseline.stop();
}
