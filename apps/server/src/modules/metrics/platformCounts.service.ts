import type { Deps } from '../../deps.js';
import { metricsRepository as repo } from './metrics.repository.js';

/** The platform-wide counts the worker role's gauges read at scrape time (roles/gauges.ts). */
export class PlatformCountsService {
  constructor(private readonly deps: Pick<Deps, 'db'>) {}

  openRooms(): Promise<number> {
    return repo.openRooms(this.deps.db.kysely);
  }

  battlesInProgress(): Promise<number> {
    return repo.battlesInProgress(this.deps.db.kysely);
  }

  transcodeQueue(): Promise<{ depth: number; oldest: string | null }> {
    return repo.transcodeQueue(this.deps.db.kysely);
  }
}
