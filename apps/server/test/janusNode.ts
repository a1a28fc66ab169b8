/**
 * A Janus 1.1 node (Debian's `janus`) for tests and the bench, inside a network namespace this
 * helper creates: libnice gathers no loopback candidates, so Janus gets a private /30 on a veth
 * pair (10.77.N.2 inside, 10.77.N.1 on the host side) and that is its only ICE candidate. Media
 * between Chromium (root namespace) and Janus then stays on addresses the test made.
 *
 * Needs root and `ip netns`; `janusAvailable()` says whether this machine can run it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from '@app/testkit';
import Janode from 'janode';

const JANUS_LIB = '/usr/lib/x86_64-linux-gnu/janus';
const WS_PORT = 8188;
const ADMIN_PORT = 7188;
const ADMIN_SECRET = 'janus-test-admin';

export interface JanusNode {
  /** Its network namespace (`jn3`) and index; Janus's process id (`ip netns exec` execs it: its CPU is in /proc/<pid>/stat). */
  ns: string;
  pid: number | undefined;
  index: number;
  /** Janus's WebSocket API, e.g. ws://10.77.3.2:8188 */
  url: string;
  /** The address Janus's ICE candidates carry (inside the namespace). */
  address: string;
  /** The host side of the veth: the address a publisher on this machine gives its ICE agent. */
  hostAddress: string;
  /** Handles Janus holds now, over every session (its admin API). */
  handleCount(): Promise<number>;
  /** Kills Janus at once (SIGKILL): a node that dies. */
  kill(): void;
  /** Stops Janus and removes the namespace, the veth and the config folder. */
  stop(): Promise<void>;
}

function run(cmd: string, args: string[]): { ok: boolean; out: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** Whether Janus tests can run here: root, `ip netns`, and the janus binary with its VideoRoom plugin. */
export function janusAvailable(): boolean {
  if (process.getuid?.() !== 0) return false;
  if (!run('ip', ['netns', 'list']).ok) return false;
  return run('which', ['janus']).ok && existsSync(`${JANUS_LIB}/plugins/libjanus_videoroom.so`);
}

/**
 * Where a node's namespace and addresses come from: namespace `<ns><index>`, veth `v<ns><index>a/b`,
 * addresses 10.<subnet>.<index>.1/2. Suites that run at once use different families.
 */
export interface JanusNet {
  ns: string;
  subnet: number;
}
const DEFAULT_NET: JanusNet = { ns: 'jn', subnet: 77 };

/** Removes a namespace and its veth left by an earlier run that died (names are per index). */
function cleanup(index: number, net: JanusNet): void {
  run('ip', ['netns', 'del', `${net.ns}${index}`]);
  run('ip', ['link', 'del', `v${net.ns}${index}a`]);
}

/**
 * Starts Janus number `index` (1–250) in namespace `jn<index>`, its WebSocket API on
 * ws://10.77.<index>.2:8188, and waits until the API answers.
 */
export async function startJanusNode(
  index: number,
  opts: { iceLite?: boolean; debugLevel?: number; net?: JanusNet; eventLoops?: number } = {},
): Promise<JanusNode> {
  const net = opts.net ?? DEFAULT_NET;
  const ns = `${net.ns}${index}`;
  const [host, peer] = [`v${ns}a`, `v${ns}b`];
  const [hostIp, nodeIp] = [`10.${net.subnet}.${index}.1`, `10.${net.subnet}.${index}.2`];
  cleanup(index, net);
  const steps: string[][] = [
    ['netns', 'add', ns],
    ['link', 'add', host, 'type', 'veth', 'peer', 'name', peer],
    ['link', 'set', peer, 'netns', ns],
    ['addr', 'add', `${hostIp}/30`, 'dev', host],
    ['link', 'set', host, 'up'],
    ['-n', ns, 'addr', 'add', `${nodeIp}/30`, 'dev', peer],
    ['-n', ns, 'link', 'set', peer, 'up'],
    ['-n', ns, 'link', 'set', 'lo', 'up'],
  ];
  for (const s of steps) {
    const r = run('ip', s);
    if (!r.ok) {
      cleanup(index, net);
      throw new Error(`ip ${s.join(' ')}: ${r.out}`);
    }
  }

  const dir = await mkdtemp(path.join(tmpdir(), `janus-${index}-`));
  // Only the VideoRoom and Streaming plugins and the WebSocket transport load: Janus starts in ~100 ms.
  for (const [sub, file] of [
    ['plugins', 'libjanus_videoroom.so'],
    ['plugins', 'libjanus_streaming.so'],
    ['transports', 'libjanus_websockets.so'],
  ] as const) {
    await mkdir(path.join(dir, sub), { recursive: true });
    await symlink(path.join(JANUS_LIB, sub, file), path.join(dir, sub, file));
  }
  await mkdir(path.join(dir, 'none'), { recursive: true });
  await writeFile(path.join(dir, 'janus.jcfg'), janusConfig(dir, peer, opts));
  await writeFile(path.join(dir, 'janus.plugin.videoroom.jcfg'), 'general: {\n}\n');
  // Mountpoints (janusMounts.ts) listen on 127.0.0.1, on ports apart from ICE's range.
  await writeFile(path.join(dir, 'janus.plugin.streaming.jcfg'), 'general: {\n\trtp_port_range = "40001-50000"\n}\n');
  await writeFile(
    path.join(dir, 'janus.transport.websockets.jcfg'),
    `general: {\n\tws = true\n\tws_port = ${WS_PORT}\n\tws_ip = "${nodeIp}"\n}\nadmin: {\n\tadmin_ws = true\n\tadmin_ws_port = ${ADMIN_PORT}\n\tadmin_ws_ip = "${nodeIp}"\n}\n`,
  );

  const logs: string[] = [];
  const child: ChildProcess = spawn('ip', ['netns', 'exec', ns, 'janus', '-F', dir, '-C', path.join(dir, 'janus.jcfg'), '-o'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Janus 1.1.2 may dump core as it stops after remote publishers: into its folder (removed), not the repository.
    cwd: dir,
  });
  const keep = (b: Buffer) => {
    logs.push(b.toString());
    if (logs.length > 200) logs.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.on('exit', () => (exited = true));

  const stop = async (): Promise<void> => {
    if (!exited) {
      child.kill('SIGTERM');
      await eventually(() => exited, { what: `janus ${index} exited`, timeout: 5000 }).catch(() => child.kill('SIGKILL'));
    }
    cleanup(index, net);
    await rm(dir, { recursive: true, force: true });
  };
  const url = `ws://${nodeIp}:${WS_PORT}`;
  try {
    await eventually(
      async () => {
        if (exited) throw new Error(`janus exited: ${logs.join('').slice(-2000)}`);
        return logs.join('').includes('WebSockets thread started');
      },
      { what: `janus ${index} listening`, timeout: 15_000 },
    );
  } catch (err) {
    await stop();
    throw err;
  }
  const handleCount = async (): Promise<number> => {
    const admin = await Janode.connect({ is_admin: true, address: [{ url: `ws://${nodeIp}:${ADMIN_PORT}`, apisecret: ADMIN_SECRET }] });
    try {
      const { sessions } = await admin.listSessions();
      let n = 0;
      for (const id of sessions) n += (await admin.listHandles(id)).handles.length;
      return n;
    } finally {
      await admin.close();
    }
  };
  return {
    ns,
    pid: child.pid,
    index,
    url,
    address: nodeIp,
    hostAddress: hostIp,
    handleCount,
    kill: () => {
      if (!exited) child.kill('SIGKILL');
    },
    stop,
  };
}

/**
 * A direct link between two nodes' namespaces (a veth pair on 10.<subnet>.<200+a>.0/30, host routes
 * to each other's address), so one node's VideoRoom can feed the other's (remote publishers) without
 * forwarding through the root namespace. Removed with either namespace.
 */
export function linkJanusNodes(a: JanusNode, b: JanusNode, net: JanusNet = DEFAULT_NET): void {
  const [ea, eb] = [`v${a.ns}${b.ns}`, `v${b.ns}${a.ns}`];
  const [ipa, ipb] = [`10.${net.subnet}.${200 + a.index}.1`, `10.${net.subnet}.${200 + a.index}.2`];
  const steps: string[][] = [
    ['link', 'add', ea, 'type', 'veth', 'peer', 'name', eb],
    ['link', 'set', ea, 'netns', a.ns],
    ['link', 'set', eb, 'netns', b.ns],
    ['-n', a.ns, 'addr', 'add', `${ipa}/30`, 'dev', ea],
    ['-n', b.ns, 'addr', 'add', `${ipb}/30`, 'dev', eb],
    ['-n', a.ns, 'link', 'set', ea, 'up'],
    ['-n', b.ns, 'link', 'set', eb, 'up'],
    ['-n', a.ns, 'route', 'add', `${b.address}/32`, 'via', ipb],
    ['-n', b.ns, 'route', 'add', `${a.address}/32`, 'via', ipa],
  ];
  for (const s of steps) {
    const r = run('ip', s);
    if (!r.ok) throw new Error(`ip ${s.join(' ')}: ${r.out}`);
  }
}

function janusConfig(dir: string, iface: string, opts: { iceLite?: boolean; debugLevel?: number; eventLoops?: number }): string {
  return `general: {
\tconfigs_folder = "${dir}"
\tplugins_folder = "${dir}/plugins"
\ttransports_folder = "${dir}/transports"
\tevents_folder = "${dir}/none"
\tloggers_folder = "${dir}/none"
\tdebug_level = ${opts.debugLevel ?? 4}
\tsession_timeout = 60${opts.eventLoops ? `\n\tevent_loops = ${opts.eventLoops}` : ''}
}
media: {
\trtp_port_range = "20000-40000"
}
nat: {
\tice_lite = ${opts.iceLite ? 'true' : 'false'}
\tice_enforce_list = "${iface}"
\tice_ignore_list = "lo"
}
plugins: {
}
transports: {
}
loggers: {
}
events: {
}
`;
}
