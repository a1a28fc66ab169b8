import { FORUM_LIMITS, type Place } from '@app/contract';
import { useSession } from './index';

/** The unfinished post (seed §3 post draft), read defensively: the stored value is whatever was left. */
export interface PostDraft {
  content: string;
  images: string[];
  tag_ids: number[];
  cate_id: number | null;
  location: Place | null;
}

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const ints = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x) && x > 0) : []);

export function readDraft(raw: Record<string, unknown> | null): PostDraft {
  const r = raw ?? {};
  const loc = r.location as Place | null | undefined;
  return {
    content: typeof r.content === 'string' ? r.content.slice(0, FORUM_LIMITS.POST_MAX) : '',
    images: strings(r.images).slice(0, FORUM_LIMITS.IMAGES_MAX),
    tag_ids: ints(r.tag_ids).slice(0, FORUM_LIMITS.TAGS_MAX),
    cate_id: typeof r.cate_id === 'number' ? r.cate_id : null,
    location: loc && typeof loc.name === 'string' && typeof loc.lat === 'number' && typeof loc.lng === 'number' ? loc : null,
  };
}

/** The draft and a setter that saves as the user types; `clear` after publishing. */
export function usePostDraft() {
  const raw = useSession((s) => s.postDraft);
  const patch = useSession((s) => s.patch);
  const draft = readDraft(raw);
  const update = (part: Partial<PostDraft>) => patch({ postDraft: { ...readDraft(useSession.getState().postDraft), ...part } as Record<string, unknown> });
  const clear = () => patch({ postDraft: null });
  return { draft, update, clear };
}
