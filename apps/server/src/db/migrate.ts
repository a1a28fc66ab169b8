import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import { foundation } from './migrations/0001_foundation.js';
import { wallet } from './migrations/0002_wallet.js';
import { rooms } from './migrations/0003_rooms.js';
import { forum } from './migrations/0004_forum.js';
import { social } from './migrations/0005_social.js';
import { video } from './migrations/0006_video.js';
import { games } from './migrations/0007_games.js';
import { admin } from './migrations/0008_admin.js';
import { roomSeats } from './migrations/0009_room_seats.js';
import { userRevs } from './migrations/0010_user_revs.js';
import { guestDevice } from './migrations/0011_guest_device.js';
import { refusedRequests } from './migrations/0012_refused_requests.js';
import { textColumns } from './migrations/0013_text_columns.js';
import { leaderLeases } from './migrations/0014_leader_leases.js';
import { serverOwnedNames } from './migrations/0015_server_owned_names.js';
import { liveLevels } from './migrations/0016_live_levels.js';
import { liveEgress } from './migrations/0017_live_egress.js';
import { mediaNodes } from './migrations/0018_media_nodes.js';
import { pkBattles } from './migrations/0019_pk_battles.js';
import { roomBoards } from './migrations/0020_room_boards.js';
import { mediaBridges } from './migrations/0021_media_bridges.js';
import { roomViewers } from './migrations/0022_room_viewers.js';
import { mediaNodeLoads } from './migrations/0023_media_node_loads.js';
import { roomFirstPublish } from './migrations/0024_room_first_publish.js';
import { noticePushes } from './migrations/0027_notice_pushes.js';
import { webhooks } from './migrations/0031_webhooks.js';
import { operatorRoles } from './migrations/0033_operator_roles.js';
import { paymentProviders } from './migrations/0035_payment_providers.js';
import { paymentCallbacksByProvider } from './migrations/0036_payment_callbacks_by_provider.js';
import { webPush } from './migrations/0040_web_push.js';
import { wechatOpenids } from './migrations/0041_wechat_openids.js';
import { redEnvelopes } from './migrations/0043_red_envelopes.js';
import { liveMomentDanmaku } from './migrations/0045_live_moment_danmaku.js';
import { liveHealth } from './migrations/0047_live_health.js';
import { luckyBags } from './migrations/0048_lucky_bags.js';
import { lives } from './migrations/0049_lives.js';
import { livePreviews } from './migrations/0051_live_previews.js';
import { clips } from './migrations/0052_clips.js';
import { giftTiers } from './migrations/0053_gift_tiers.js';

/** The one migration set, in order; each builds its DDL for the dialect at hand. */
function migrations(db: Db): Record<string, Migration> {
  return {
    '0001_foundation': foundation(db.dialect),
    '0002_wallet': wallet(db.dialect),
    '0003_rooms': rooms(db.dialect),
    '0004_forum': forum(db.dialect),
    '0005_social': social(db.dialect),
    '0006_video': video(db.dialect),
    '0007_games': games(db.dialect),
    '0008_admin': admin(db.dialect),
    '0009_room_seats': roomSeats(db.dialect),
    '0010_user_revs': userRevs(db.dialect),
    '0011_guest_device': guestDevice(db.dialect),
    '0012_refused_requests': refusedRequests(db.dialect),
    '0013_text_columns': textColumns(db.dialect),
    '0014_leader_leases': leaderLeases(),
    '0015_server_owned_names': serverOwnedNames(),
    '0016_live_levels': liveLevels(db.dialect),
    '0017_live_egress': liveEgress(db.dialect),
    '0018_media_nodes': mediaNodes(),
    '0019_pk_battles': pkBattles(db.dialect),
    '0020_room_boards': roomBoards(),
    '0021_media_bridges': mediaBridges(),
    '0022_room_viewers': roomViewers(),
    '0023_media_node_loads': mediaNodeLoads(),
    '0024_room_first_publish': roomFirstPublish(),
    '0027_notice_pushes': noticePushes(),
    '0031_webhooks': webhooks(db.dialect),
    '0033_operator_roles': operatorRoles(db.dialect),
    '0035_payment_providers': paymentProviders(db.dialect),
    '0036_payment_callbacks_by_provider': paymentCallbacksByProvider(),
    '0040_web_push': webPush(db.dialect),
    '0041_wechat_openids': wechatOpenids(),
    '0043_red_envelopes': redEnvelopes(db.dialect),
    '0045_live_moment_danmaku': liveMomentDanmaku(),
    '0047_live_health': liveHealth(db.dialect),
    '0048_lucky_bags': luckyBags(db.dialect),
    '0049_lives': lives(db.dialect),
    '0051_live_previews': livePreviews(db.dialect),
    '0052_clips': clips(db.dialect),
    '0053_gift_tiers': giftTiers(),
  };
}

/** Brings the database to the latest schema; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (db.schema) await sql`create schema if not exists ${sql.id(db.schema)}`.execute(db.kysely);
  const provider: MigrationProvider = { getMigrations: async () => migrations(db) };
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    // Migrations of features built side by side land out of number order (0007 after 0008 ran on
    // a developer's database); each is independent, so a missing earlier one simply runs now.
    allowUnorderedMigrations: true,
    // In a non-default PostgreSQL schema the bookkeeping tables live there too, not in `public`.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
