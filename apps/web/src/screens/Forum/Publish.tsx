import { Button, TextArea, Toast } from 'antd-mobile';
import { FORUM_LIMITS } from '@app/contract';
import { LocationFill } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../lib/paths';
import { PageFrame } from '../../components/PageFrame';
import { useCreatePost, useForumCates, useTags } from '../../state/queries/forum';
import { ImagePicker } from './parts/ImagePicker';
import { usePostDraft } from '../../state/session/usePostDraft';
import './forum.css';
import { useLocalName } from '../../locale/serverText';

/**
 * 发布帖子 (/pages/forum/publish[?tag=&activity=]): text with a counter, up to 9 images, topics and a
 * category. Everything is saved to the post draft as it changes and restored on return; publishing clears it.
 */
export default function ForumPublish() {
  const { t } = useTranslation();
  const local = useLocalName();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { draft, update, clear } = usePostDraft();
  const cates = useForumCates();
  const tags = useTags('', 30);
  const create = useCreatePost();
  const [showAllTags, setShowAllTags] = useState(false);
  const activityId = Number(params.get('activity') ?? 0) || undefined;

  // A topic or activity page sends its topic along: preselect it once.
  useEffect(() => {
    const tag = Number(params.get('tag') ?? 0);
    if (tag > 0 && !draft.tag_ids.includes(tag)) update({ tag_ids: [...draft.tag_ids, tag].slice(0, FORUM_LIMITS.TAGS_MAX) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening: later draft edits must not add the tag back
  }, []);
  const cateList = cates.data ?? [];
  const cateId = draft.cate_id ?? cateList[0]?.id ?? null;
  const allTags = tags.data?.pages.flatMap((p) => p.list) ?? [];
  const shownTags = showAllTags ? allTags : allTags.slice(0, 10);
  const canSend = draft.content.trim().length > 0 && cateId !== null && !create.isPending;

  const toggleTag = (id: number) => {
    if (draft.tag_ids.includes(id)) update({ tag_ids: draft.tag_ids.filter((x) => x !== id) });
    else if (draft.tag_ids.length >= FORUM_LIMITS.TAGS_MAX) Toast.show(t('forum.tooManyTopics', { n: FORUM_LIMITS.TAGS_MAX }));
    else update({ tag_ids: [...draft.tag_ids, id] });
  };

  const publish = async () => {
    if (!canSend || cateId === null) return;
    const post = await create.mutateAsync({
      content: draft.content.trim(),
      images: draft.images,
      tag_ids: draft.tag_ids,
      cate_id: cateId,
      ...(activityId ? { activity_id: activityId } : {}),
      ...(draft.location ? { location: draft.location } : {}),
    });
    clear();
    Toast.show({ icon: 'success', content: t('forum.published') });
    navigate(`${PATHS.forumDetails}?id=${post.id}`, { replace: true });
  };

  return (
    <PageFrame
      title={t('page.forumPublish')}
      className="forum-page forum-publish"
      right={
        <Button
          size="mini"
          shape="rounded"
          color="primary"
          className="fpublish-btn"
          disabled={!canSend}
          loading={create.isPending}
          onClick={() => void publish()}
          data-testid="publish-submit"
        >
          {t('forum.publish')}
        </Button>
      }
    >
      <div className="fpublish">
        <TextArea
          className="fpublish__text"
          value={draft.content}
          onChange={(v) => update({ content: v })}
          placeholder={t('forum.publishPlaceholder')}
          maxLength={FORUM_LIMITS.POST_MAX}
          showCount
          autoSize={{ minRows: 6, maxRows: 14 }}
          data-testid="publish-text"
        />
        <ImagePicker value={draft.images} onChange={(images) => update({ images })} />
        <button type="button" className="fpublish__place" onClick={() => navigate(`${PATHS.chooseLocation}?from=publish`)} data-testid="publish-location">
          <LocationFill />
          <span>{draft.location ? draft.location.name : t('forum.addLocation')}</span>
          {draft.location && (
            <span
              role="button"
              className="fpublish__place-clear"
              onClick={(e) => {
                e.stopPropagation();
                update({ location: null });
              }}
            >
              ×
            </span>
          )}
        </button>
      </div>
      <section className="fpublish__sec">
        <h3 className="fpublish__label">{t('forum.category')}</h3>
        <div className="fchips">
          {cateList.map((c) => (
            <button key={c.id} type="button" className={`fchip${c.id === cateId ? ' fchip--on' : ''}`} onClick={() => update({ cate_id: c.id })}>
              {local(c)}
            </button>
          ))}
        </div>
      </section>
      <section className="fpublish__sec">
        <h3 className="fpublish__label">
          {t('forum.pickTopics')} <small>{t('forum.pickTopicsHint', { n: FORUM_LIMITS.TAGS_MAX })}</small>
        </h3>
        <div className="fchips" data-testid="topic-picker">
          {shownTags.map((tag) => (
            <button
              key={tag.id}
              type="button"
              className={`fchip fchip--topic${draft.tag_ids.includes(tag.id) ? ' fchip--on' : ''}`}
              onClick={() => toggleTag(tag.id)}
            >
              # {tag.name}
            </button>
          ))}
          {!showAllTags && allTags.length > shownTags.length && (
            <button type="button" className="fchip fchip--more" onClick={() => setShowAllTags(true)}>
              {t('forum.more')}
            </button>
          )}
        </div>
      </section>
      <p className="fpublish__tip">{t('forum.draftTip')}</p>
    </PageFrame>
  );
}
