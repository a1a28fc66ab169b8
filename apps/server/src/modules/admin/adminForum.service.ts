import { ErrorCode, type AdminActivity, type AdminBanner, type AdminCategory, type AdminTopic, type Api, type RouteBody } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import type { ActivityRow } from '../forum/forum.tables.js';
import { adminForumRepository as repo } from './adminForum.repository.js';

const notFound = (what: string) => new BizError(ErrorCode.NOT_FOUND, `${what}不存在`);
const activityView = (a: ActivityRow): AdminActivity => ({
  id: a.id,
  title: a.title,
  cover: a.cover,
  summary: a.summary,
  rules: a.rules,
  tag_id: a.tag_id,
  start_at: a.start_at,
  end_at: a.end_at,
  sort: a.sort,
});

/** The community's catalogue as operators edit it: banners, categories, topics, activities. */
export class AdminForumService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  async banners() {
    return {
      list: (await repo.banners(this.db)).map((b): AdminBanner => ({
        id: b.id,
        title: b.title,
        image: b.image,
        url: b.url,
        sort: b.sort,
        enabled: Number(b.enabled) === 1,
      })),
    };
  }

  async saveBanner(input: RouteBody<Api['adminBannerSave']>): Promise<AdminBanner> {
    const { id, enabled, ...rest } = input;
    const fields = { ...rest, enabled: enabled ? 1 : 0 };
    const row = id === undefined ? await repo.insertBanner(this.db, fields) : await repo.updateBanner(this.db, id, fields);
    if (!row) throw notFound('横幅');
    return { id: row.id, title: row.title, image: row.image, url: row.url, sort: row.sort, enabled: Number(row.enabled) === 1 };
  }

  async categories() {
    return { list: (await repo.categories(this.db)).map((c): AdminCategory => ({ id: c.id, name: c.name, sort: c.sort, posts: Number(c.posts ?? 0) })) };
  }

  async saveCategory(input: RouteBody<Api['adminCategorySave']>): Promise<AdminCategory> {
    const { id, ...fields } = input;
    const savedId = id === undefined ? (await repo.insertCategory(this.db, fields)).id : (await repo.updateCategory(this.db, id, fields)) ? id : null;
    const saved = savedId === null ? undefined : (await this.categories()).list.find((c) => c.id === savedId);
    if (!saved) throw notFound('分类');
    return saved;
  }

  async topics() {
    return {
      list: (await repo.topics(this.db)).map((t): AdminTopic => ({
        id: t.id,
        name: t.name,
        cover: t.cover,
        description: t.description,
        hot: Number(t.hot) === 1,
        sort: t.sort,
        posts: Number(t.posts ?? 0),
      })),
    };
  }

  async saveTopic(input: RouteBody<Api['adminTopicSave']>): Promise<AdminTopic> {
    const { id, hot, ...rest } = input;
    const fields = { ...rest, hot: hot ? 1 : 0 };
    let savedId: number | null;
    try {
      savedId = id === undefined ? (await repo.insertTopic(this.db, fields, nowIso())).id : (await repo.updateTopic(this.db, id, fields)) ? id : null;
    } catch (err) {
      // Topic names are unique: another topic's name is a field error, not a fault.
      if (isUniqueViolation(err)) throw validationError([{ path: 'name', message: '已有同名话题' }]);
      throw err;
    }
    const saved = savedId === null ? undefined : (await this.topics()).list.find((t) => t.id === savedId);
    if (!saved) throw notFound('话题');
    return saved;
  }

  async activities() {
    return { list: (await repo.activities(this.db)).map(activityView) };
  }

  async saveActivity(input: RouteBody<Api['adminActivitySave']>): Promise<AdminActivity> {
    const { id, ...fields } = input;
    if (fields.tag_id !== null && !(await repo.topicExists(this.db, fields.tag_id))) throw validationError([{ path: 'tag_id', message: '话题不存在' }]);
    const row = id === undefined ? await repo.insertActivity(this.db, fields, nowIso()) : await repo.updateActivity(this.db, id, fields);
    if (!row) throw notFound('活动');
    return activityView(row);
  }
}
