import type { FastifyInstance } from 'fastify';
import { isProduction, runs, type Config } from '../config.js';
import type { Deps } from '../deps.js';
import { startDemoPublisher, type DemoPublisher } from '../demo/demoPublisher.js';
import { attachMediaNodes, createMediaEngine, mediaRoutes, Sfu, type MediaEngine } from '../media/index.js';
import { iceServersFor } from '../modules/chat/call.config.js';
import { IngestSampler } from '../modules/health/ingestSampler.js';
import { egressEnabled, LiveEgress } from '../modules/live/liveEgress.js';
import type { Services } from '../services.js';

/** The engines an instance runs. */
export type InstanceEngine = Awaited<ReturnType<typeof createMediaEngine>>;

/**
 * This instance's media engine: the SFU in this process (default) or the Janus nodes
 * (MEDIA_ENGINE=janus) with the media role; without it an idle SFU, so the room channel has an
 * engine to ask (it hosts no stream).
 */
export async function mediaEngineOf(config: Config): Promise<InstanceEngine> {
  return runs(config, 'media') ? createMediaEngine(config.media) : new Sfu(config.media);
}

export interface MediaRole {
  /** The HLS egress of the rooms whose anchor stream this instance hosts (any instance sweeps a dead one's). */
  egress: LiveEgress;
  /** Stream health measured on this instance's anchor streams (WHIP ingest). */
  ingest: IngestSampler;
}

/**
 * The media role: WHIP/WHEP on the engine, the engine's node(s) in the nodes table where rooms are
 * placed, the HLS egress and the stream health samples. The egress exists on every instance (its
 * sweep of gone instances runs in the worker); it listens only here.
 */
export async function mediaRole(app: FastifyInstance, deps: Deps, services: Services, engine: InstanceEngine): Promise<MediaRole> {
  const { config } = deps;
  const egress = new LiveEgress(deps, engine, services.room.lease);
  // At most one sample per LIVE_HEALTH_S.
  const ingest = new IngestSampler(engine, services.health, config.egress.healthS * 1000, (err) => app.log.warn({ err }, 'stream health sample not kept'));
  if (!runs(config, 'media')) return { egress, ingest };
  if (egressEnabled(config.egress, config.nodeEnv)) egress.listen();
  ingest.start();
  // WHIP/WHEP: encapsulated (its SDP parser and plain-JSON errors stay inside), authorized by media
  // tokens, and kept out of the OpenAPI document (not contract calls: SDP in, SDP out).
  await app.register(async (media) => {
    media.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    // WHIP/WHEP clients get the calls' STUN/TURN servers as Link headers (TURN credentials per user).
    const iceServers = (userId: string | undefined) => iceServersFor(config.call, Number(userId) || 0).ice_servers;
    await media.register(mediaRoutes, {
      engine,
      authorize: services.roomMedia.authorize,
      iceServers,
      sessionBase: config.media.publicUrl,
      candidates: { cidrs: config.media.candidateCidrs, privateAllowed: !isProduction(config) },
    });
  });
  attachMediaNodes(services.room.mediaNodes, engine, services.room.lease.id, app.log);
  return { egress, ingest };
}

/** The demo rooms' streams (a demo database, the media role, the embedded engine), when they are on. */
export async function demoStreams(deps: Deps, engine: MediaEngine): Promise<DemoPublisher | undefined> {
  const { config } = deps;
  if (!config.seedDemo || !runs(config, 'media') || !(engine instanceof Sfu)) return undefined;
  return startDemoPublisher({ sfu: engine, db: deps.db, log: deps.log, config: config.room, nodeEnv: config.nodeEnv, ffmpeg: config.video.ffmpeg });
}
