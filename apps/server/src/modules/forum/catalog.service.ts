import { ErrorCode, type Api, type RouteQuery } from '@app/contract';
import type { UserRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import { briefsOf } from '../user/userBriefs.js';
import { catalogRepository } from './catalog.repository.js';
import { activityView, postViews, tagView } from './forum.view.js';
import { postRepository } from './post.repository.js';
import { parseNames } from '../../db/names.js';

const HOT_SEARCHES = 10;

/** Categories, topics, activities, banner ads, hot searches and search. */
export class ForumCatalogService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  async categories() {
    return { list: (await catalogRepository.categories(this.db)).map((c) => ({ id: c.id, name: c.name, names: parseNames(c.names), sort: c.sort })) };
  }

  async tags(q: RouteQuery<Api['forumTags']>) {
    const { rows, total } = await catalogRepository.tags(this.db, q.keyword || undefined, q.page, q.size);
    return { list: rows.map(tagView), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  async tag(id: number) {
    const row = await catalogRepository.tagById(this.db, id);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, '话题不存在');
    return tagView(row);
  }

  async activities(page: number, size: number) {
    const now = nowIso();
    const { rows, total } = await catalogRepository.activities(this.db, now, page, size);
    return { list: rows.map((r) => activityView(r, now)), total, page, size, has_more: page * size < total };
  }

  async activity(id: number) {
    const row = await catalogRepository.activityById(this.db, id);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, '活动不存在');
    return activityView(row, nowIso());
  }

  async ads() {
    return { list: (await catalogRepository.ads(this.db)).map((a) => ({ id: a.id, title: a.title, image: a.image, url: a.url })) };
  }

  async hotSearches() {
    return { list: await catalogRepository.hotSearches(this.db, HOT_SEARCHES) };
  }

  /** Searches one kind; the keyword counts toward hot searches on the first page. */
  async search(q: { keyword: string; type: 'post' | 'tag' | 'user'; page: number; size: number }, viewer: UserRow | null) {
    const db = this.db;
    const keyword = q.keyword.trim();
    if (q.page === 1) await catalogRepository.countSearch(db, keyword.slice(0, 40), nowIso());
    const offset = (q.page - 1) * q.size;
    const empty = { posts: [], tags: [], users: [] };
    if (q.type === 'post') {
      const rows = await postRepository.search(db, keyword, offset, q.size + 1);
      return { ...empty, posts: await postViews(db, rows.slice(0, q.size), viewer?.id ?? null), has_more: rows.length > q.size };
    }
    if (q.type === 'tag') {
      const { rows, total } = await catalogRepository.tags(db, keyword, q.page, q.size);
      return { ...empty, tags: rows.map(tagView), has_more: q.page * q.size < total };
    }
    const found = await catalogRepository.searchUserIds(db, keyword, offset, q.size + 1);
    const ids = found.slice(0, q.size);
    const briefs = await briefsOf(db, ids);
    return { ...empty, users: ids.flatMap((id) => briefs.get(id) ?? []), has_more: found.length > q.size };
  }
}
