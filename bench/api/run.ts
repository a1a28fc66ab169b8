/**
 * bench/api: requests per second of an authenticated `user/info` as a ratio to a bare node:http
 * hello-world measured in the same run (goal ≥ 0.5). Both servers run in their own process;
 * autocannon drives them from this one.
 */
import autocannon from 'autocannon';
import { startBaseline, startProduct } from '../lib/proc.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 20;

async function rps(url: string, headers: Record<string, string> = {}, expect404 = false): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const wrong = expect404 ? result['2xx'] + result['5xx'] : result.non2xx;
  if (wrong > 0 || result.errors > 0) throw new Error(`${url}: ${wrong} unexpected statuses, ${result.errors} errors`);
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
  // The stack's floor: an unknown API route still runs every hook and writes the 404 envelope.
  const floor = await rps(`${product.url}/api/client_live/bench-unknown-route`, {}, true);
  console.log(`baseline node:http hello-world   ${base.toFixed(0)} req/s`);
  console.log(`authenticated GET user/info      ${info.toFixed(0)} req/s`);
  console.log(`unknown route (404 envelope)     ${floor.toFixed(0)} req/s`);
  console.log(`ratio user/info / baseline       ${(info / base).toFixed(2)} (goal >= 0.50)`);
  console.log(`ratio 404 floor / baseline       ${(floor / base).toFixed(2)}`);
} finally {
  await product.stop();
  await baseline.stop();
}
