/**
 * The gauges of each role, read at scrape time from what the process already keeps: sockets per
 * namespace (realtime); rooms and viewers per media node, egress processes (media); the worker lease
 * and, from the leader's standpoint of the whole platform, live rooms, viewers by transport, PK
 * battles and the transcode queue (worker). The counters move where their event happens.
 */
import { runs } from '../config.js';
import type { Deps } from '../deps.js';
import { lastBackupAt } from '../modules/backup/backup.job.js';
import type { LiveEgress } from '../modules/live/liveEgress.js';
import type { Hall } from '../realtime/hall.js';
import type { Services } from '../services.js';
import type { Worker } from '../worker.js';
import type { Metrics } from '../metrics/metrics.js';

interface WatchedApp {
  deps: Deps;
  hall: Hall;
  services: Services;
  egress: LiveEgress;
  worker: Worker | undefined;
}

export function watchRoles(metrics: Metrics, a: WatchedApp): void {
  const config = a.deps.config;
  if (runs(config, 'realtime')) {
    metrics.gauge('liveapp_sockets', 'Sockets connected to this process, by namespace', ['namespace'], () =>
      [...a.hall.io._nsps.values()].map((nsp): [{ namespace: string }, number] => [{ namespace: nsp.name }, nsp.sockets.size]),
    );
  }
  if (runs(config, 'media')) {
    const loads = () => a.services.room.mediaNodes.localLoads();
    metrics.gauge('liveapp_media_node_rooms', 'Rooms on each media node this process serves or drives', ['node'], () =>
      loads().map((n): [{ node: string }, number] => [{ node: n.id }, n.rooms]),
    );
    metrics.gauge('liveapp_media_node_viewers', 'WebRTC viewers on each media node this process serves or drives', ['node'], () =>
      loads().map((n): [{ node: string }, number] => [{ node: n.id }, n.viewers]),
    );
    metrics.gauge('liveapp_media_node_capacity', 'Viewers each media node takes (MEDIA_MAX_VIEWERS, or the Janus node’s)', ['node'], () =>
      loads().map((n): [{ node: string }, number] => [{ node: n.id }, n.capacity]),
    );
    metrics.gauge('liveapp_egress_processes', 'HLS egress ffmpeg processes running in this process', [], () => a.egress.processes);
  }
  const worker = a.worker;
  if (worker) {
    metrics.gauge('liveapp_worker_leader', 'Whether this process holds the worker lease (1: leader, 0: standby)', [], () => (worker.lease.isLeader ? 1 : 0));
    // Platform-wide counts: every worker instance reports the same; dashboards take max().
    const counts = a.services.platformCounts;
    metrics.gauge('liveapp_live_rooms', 'Rooms live now (the whole platform)', [], () => counts.openRooms());
    metrics.gauge('liveapp_pk_battles', 'PK battles in progress (the whole platform)', [], () => counts.battlesInProgress());
    metrics.gauge('liveapp_viewers', 'Viewers in live rooms by transport (the whole platform)', ['transport'], async () => {
      const { list } = await a.services.live.watch();
      const sum = (f: (r: (typeof list)[number]) => number) => list.reduce((n, r) => n + f(r), 0);
      return [
        [{ transport: 'webrtc' }, sum((r) => r.webrtc)],
        [{ transport: 'hls' }, sum((r) => r.hls_viewers)],
      ];
    });
    const queue = () => counts.transcodeQueue();
    metrics.gauge('liveapp_job_queue_depth', 'Jobs waiting in a queue', ['queue'], async () => [[{ queue: 'transcode' }, (await queue()).depth]]);
    metrics.gauge('liveapp_job_queue_oldest_age_seconds', 'Age of the oldest job waiting in a queue (0: none waits)', ['queue'], async () => {
      const { oldest } = await queue();
      return [[{ queue: 'transcode' }, oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0]];
    });
    metrics.gauge('liveapp_backup_period_seconds', 'The backup schedule (BACKUP_INTERVAL_MIN; 0: none)', [], () => config.backup.intervalMin * 60);
    metrics.gauge('liveapp_backup_last_success_timestamp_seconds', 'When the newest finished backup began (unix seconds)', [], async () => {
      const at = await lastBackupAt(a.deps);
      return at === undefined ? [] : at / 1000;
    });
  }
}
