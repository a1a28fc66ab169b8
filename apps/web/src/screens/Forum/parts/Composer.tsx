import { Button, Popup, TextArea } from 'antd-mobile';
import { FORUM_LIMITS } from '@app/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../state/session';

export interface ReplyTarget {
  id: number;
  nickname: string;
}

/** Where an unfinished comment is remembered (seed §3): comment drafts by post, reply comments by post and comment. */
const replyKey = (postId: number, commentId: number) => `${postId}:${commentId}`;

export function useCommentDraft(postId: number, target: ReplyTarget | null) {
  const drafts = useSession((s) => s.commentDrafts);
  const replies = useSession((s) => s.replyComments);
  const patch = useSession((s) => s.patch);
  const value = target ? String(replies[replyKey(postId, target.id)] ?? '') : (drafts[String(postId)] ?? '');
  const set = (text: string) => {
    if (target) {
      const next = { ...useSession.getState().replyComments };
      if (text) next[replyKey(postId, target.id)] = text;
      else delete next[replyKey(postId, target.id)];
      patch({ replyComments: next });
    } else {
      const next = { ...useSession.getState().commentDrafts };
      if (text) next[String(postId)] = text;
      else delete next[String(postId)];
      patch({ commentDrafts: next });
    }
  };
  return [value, set] as const;
}

interface Props {
  postId: number;
  visible: boolean;
  target: ReplyTarget | null;
  onClose: () => void;
  onSend: (text: string, target: ReplyTarget | null) => Promise<void>;
}

/** The comment / reply sheet; what is typed is kept as a draft until it is sent. */
export function Composer({ postId, visible, target, onClose, onSend }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useCommentDraft(postId, target);
  const [text, setText] = useState(draft);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (visible) setText(draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the sheet opens or its target changes; typing updates both
  }, [visible, target?.id]);
  const send = async () => {
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      await onSend(content, target);
      setDraft('');
      setText('');
      onClose();
    } finally {
      setSending(false);
    }
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="fcomposer" destroyOnClose>
      <div className="fcomposer__title">{target ? t('forum.replyTo', { name: target.nickname }) : t('forum.writeComment')}</div>
      <TextArea
        value={text}
        onChange={(v) => {
          setText(v);
          setDraft(v);
        }}
        placeholder={target ? t('forum.replyTo', { name: target.nickname }) : t('forum.commentPlaceholder')}
        maxLength={FORUM_LIMITS.COMMENT_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        autoFocus
        data-testid="comment-input"
      />
      <div className="fcomposer__actions">
        <Button color="primary" shape="rounded" size="small" disabled={!text.trim()} loading={sending} onClick={() => void send()} data-testid="comment-send">
          {t('forum.send')}
        </Button>
      </div>
    </Popup>
  );
}
