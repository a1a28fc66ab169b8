import { ErrorCode, namedKind, type AdminName, type AdminNoticeTemplate, type Api, type RouteBody } from '@app/contract';
import { parseNames } from '../../db/names.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import { NOTICE_TEMPLATES_KEY, parseOverrides, shippedTemplate, templateList } from '../config/noticeTemplates.js';
import { adminCatalogRepository } from './adminCatalog.repository.js';
import { adminNamesRepository as repo } from './adminNames.repository.js';

/** The names the server owns, per language, as operators see and edit them. */
export class AdminNamesService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  async list(): Promise<{ list: AdminName[] }> {
    const list: AdminName[] = [];
    for (const kind of namedKind.options) {
      for (const r of await repo.rows(this.db, kind)) list.push({ kind, id: r.id, name: r.zh, en: parseNames(r.names).en ?? '' });
    }
    return { list };
  }

  async noticeTemplates(): Promise<{ list: AdminNoticeTemplate[] }> {
    return { list: templateList(parseOverrides(await repo.setting(this.db, NOTICE_TEMPLATES_KEY))) };
  }

  /** Rewords one template in one language (both texts "": back to the shipped one); clients get it with their language pack. */
  async saveNoticeTemplate(body: RouteBody<Api['adminNoticeTemplateSave']>): Promise<AdminNoticeTemplate> {
    return this.deps.db.tx(async (trx) => {
      const overrides = parseOverrides(await repo.setting(trx, NOTICE_TEMPLATES_KEY));
      const own = { ...overrides[body.lang] };
      if (body.title === '' && body.content === '') delete own[body.kind];
      else {
        const shipped = shippedTemplate(body.lang, body.kind);
        own[body.kind] = { title: body.title || shipped.title, content: body.content || shipped.content };
      }
      await repo.putSetting(trx, NOTICE_TEMPLATES_KEY, JSON.stringify({ ...overrides, [body.lang]: own }));
      return templateList({ [body.lang]: own }).find((t) => t.kind === body.kind && t.lang === body.lang)!;
    });
  }

  /** Sets one name's English ("" removes it, so readers see the zh-CN name); a gift's bumps gift_version. */
  async save(body: RouteBody<Api['adminNameSave']>): Promise<AdminName> {
    return this.deps.db.tx(async (trx) => {
      const row = (await repo.rows(trx, body.kind)).find((r) => r.id === body.id);
      if (!row) throw new BizError(ErrorCode.NOT_FOUND, `id: 没有这一项（${body.kind} ${body.id}）`);
      const names = Object.entries({ ...parseNames(row.names), en: body.en }).filter(([, v]) => v !== '');
      await repo.setNames(trx, body.kind, body.id, JSON.stringify(Object.fromEntries(names)));
      if (body.kind === 'gift') await adminCatalogRepository.bumpGiftVersion(trx);
      return { kind: body.kind, id: body.id, name: row.zh, en: body.en };
    });
  }
}
