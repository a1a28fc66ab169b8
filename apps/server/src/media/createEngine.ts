/** The media engine MEDIA_ENGINE selects: the embedded SFU (default, nothing beyond npm) or Janus nodes. */
import type { MediaConfig } from './config.js';
import { JanusEngine } from './janus/janusEngine.js';
import { Sfu } from './sfu.js';

export async function createMediaEngine(config: MediaConfig): Promise<Sfu | JanusEngine> {
  return config.engine === 'janus' ? JanusEngine.connect(config) : new Sfu(config);
}
