import { JanusEngine } from '../janus/janusEngine.js';
import type { Sfu } from '../sfu.js';
import { embeddedNodeId, janusNodeId, type MediaNodes } from './mediaNodes.js';

/**
 * Registers the media node(s) this process serves or drives: its own SFU (the instance's media URL,
 * MEDIA_MAX_VIEWERS) or the Janus nodes it reaches; Janus rooms open where they were placed, and a
 * Janus node that dies moves its rooms at once (the sweep finds nodes, and Janus bridges, whose rows ran out).
 */
export function attachMediaNodes(nodes: MediaNodes, engine: Sfu | JanusEngine, instanceId: string, log: { warn(o: object, m: string): void }): void {
  if (!(engine instanceof JanusEngine)) {
    const id = embeddedNodeId(instanceId);
    const capacity = engine.config.maxViewers;
    nodes.attach({
      kind: 'embedded',
      loads: () => [{ id, kind: 'embedded', url: nodes.ownUrl, viewers: engine.viewerCount, rooms: engine.roomCount, capacity }],
    });
    return;
  }
  nodes.attach({ kind: 'janus', loads: () => engine.loads().map((n) => ({ id: janusNodeId(n.url), kind: 'janus' as const, ...n })) });
  engine.setPlacement((roomId) => nodes.janusUrlOf(roomId));
  engine.on('node-down', ({ url }) => {
    void nodes.nodeDown(janusNodeId(url)).catch((err: unknown) => log.warn({ err, url }, 'moving the rooms of a dead media node failed'));
  });
}
