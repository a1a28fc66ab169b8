import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, type AdminGift, type AdminPackage, type Api, type RouteBody } from '@app/contract';
import type { GiftRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import { readMultipart } from '../upload/multipart.js';
import { adminCatalogRepository as repo } from './adminCatalog.repository.js';
import { checkLottie } from './giftAnimation.js';

type PackageRow = Awaited<ReturnType<typeof repo.packages>>[number];

const giftView = (g: GiftRow): AdminGift => ({
  id: g.id,
  name: g.name,
  icon: g.icon,
  url: g.url,
  price: Number(g.price),
  sort: g.sort,
  vip_min: g.vip_min,
  created_at: g.created_at,
});
const packageView = (p: PackageRow): AdminPackage => ({
  id: p.id,
  name: p.name,
  price_fen: Number(p.price_fen),
  amount: Number(p.amount),
  bonus: Number(p.bonus),
  tag: p.tag,
  sort: p.sort,
  enabled: Number(p.enabled) === 1,
});

/**
 * The catalogue operators edit: gifts (any change bumps gift_version, so clients reload the list
 * from common_config) and recharge packages (an order keeps the price and coins it was made with).
 */
export class AdminCatalogService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  async gifts() {
    const [rows, gift_version] = await Promise.all([repo.gifts(this.db), repo.giftVersion(this.db)]);
    return { list: rows.map(giftView), gift_version };
  }

  async saveGift(input: RouteBody<Api['adminGiftSave']>) {
    const { id, ...fields } = input;
    return this.deps.db.tx(async (trx) => {
      const row = id === undefined ? await repo.insertGift(trx, fields, nowIso()) : await repo.updateGift(trx, id, fields);
      if (!row) throw new BizError(ErrorCode.GIFT_NOT_FOUND);
      return { gift: giftView(row), gift_version: await repo.bumpGiftVersion(trx) };
    });
  }

  /** Stores an uploaded Lottie animation (checked) and answers its address for a gift's url. */
  async uploadAnimation(req: FastifyRequest): Promise<{ url: string; size: number }> {
    const { file } = await readMultipart(req, '动画');
    const json = checkLottie(file);
    const key = `gifts/fx/${randomUUID()}.json`;
    await this.deps.storage.put(key, json, 'application/json');
    return { url: this.deps.storage.url(key), size: json.length };
  }

  async deleteGift(id: number) {
    return this.deps.db.tx(async (trx) => {
      if (!(await repo.deleteGift(trx, id))) throw new BizError(ErrorCode.GIFT_NOT_FOUND);
      return { deleted: true as const, gift_version: await repo.bumpGiftVersion(trx) };
    });
  }

  async packages() {
    return { list: (await repo.packages(this.db)).map(packageView) };
  }

  async savePackage(input: RouteBody<Api['adminPackageSave']>) {
    const { id, enabled, ...rest } = input;
    const fields = { ...rest, enabled: enabled ? 1 : 0 };
    const row = id === undefined ? await repo.insertPackage(this.db, fields, nowIso()) : await repo.updatePackage(this.db, id, fields);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, '套餐不存在');
    return packageView(row);
  }
}
