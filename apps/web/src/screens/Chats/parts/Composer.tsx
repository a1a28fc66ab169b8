import { Button, TextArea, Toast } from 'antd-mobile';
import { CloseCircleFill, PictureOutline, SmileOutline } from 'antd-mobile-icons';
import { CHAT_TEXT_MAX, type ChatReply } from '@app/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyboardIcon } from '../../../components/icons';

/** Emoji the panel inserts into the text. */
const EMOJI = [
  '😀',
  '😁',
  '😂',
  '🤣',
  '😊',
  '😍',
  '😘',
  '😎',
  '🤔',
  '😴',
  '😭',
  '😡',
  '😱',
  '🥰',
  '😇',
  '🙃',
  '😏',
  '🤗',
  '🤩',
  '🥳',
  '😅',
  '😢',
  '😤',
  '🤤',
  '👍',
  '👏',
  '🙏',
  '💪',
  '👌',
  '✌️',
  '🤝',
  '👋',
  '❤️',
  '💔',
  '💯',
  '🔥',
  '✨',
  '🌹',
  '🎁',
  '🎉',
];
/** Big emoji sent on their own (type "emoji"). */
const STICKERS = ['👍', '❤️', '😂', '🎉', '🌹', '🔥', '😘', '🙏'];

interface Props {
  disabled: boolean;
  reply: { reply: ChatReply; name: string } | null;
  onCancelReply: () => void;
  onText: (text: string) => void;
  onSticker: (emoji: string) => void;
  onImage: (file: File) => void;
  /** The panel opened or closed: the list keeps its bottom in view. */
  onResize: () => void;
}

const MAX_IMAGE = 10 * 1024 * 1024;

/** The input bar: reply preview, text with emoji, big emoji, photo; send on the button or Enter. */
export function Composer({ disabled, reply, onCancelReply, onText, onSticker, onImage, onResize }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [panel, setPanel] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const trimmed = text.trim();
  const over = [...trimmed].length > CHAT_TEXT_MAX;

  const send = () => {
    if (!trimmed) return;
    if (over) {
      Toast.show({ content: t('chats.tooLong', { max: CHAT_TEXT_MAX }) });
      return;
    }
    onText(trimmed);
    setText('');
  };
  const toggle = () => {
    setPanel((p) => !p);
    requestAnimationFrame(onResize);
  };

  return (
    <div className="composer">
      {reply && (
        <div className="composer__reply" data-testid="composer-reply">
          <span className="composer__reply-text">
            {t('chats.replying', { name: reply.name })}
            {reply.reply.type === 'image' ? t('chats.preview.image') : reply.reply.content}
          </span>
          <button type="button" className="composer__reply-close" aria-label={t('common.cancel')} onClick={onCancelReply}>
            <CloseCircleFill />
          </button>
        </div>
      )}
      <div className="composer__bar">
        <TextArea
          className="composer__input"
          value={text}
          onChange={setText}
          placeholder={t('chats.inputPlaceholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          rows={1}
          disabled={disabled}
          data-testid="chat-input"
          onFocus={() => {
            setPanel(false);
            requestAnimationFrame(onResize);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        <button type="button" className="composer__icon" aria-label={t('chats.emoji')} data-testid="emoji-toggle" disabled={disabled} onClick={toggle}>
          {panel ? <KeyboardIcon /> : <SmileOutline />}
        </button>
        {trimmed ? (
          <Button className="composer__send" color="primary" shape="rounded" size="small" disabled={disabled} onClick={send} data-testid="chat-send">
            {t('chats.send')}
          </Button>
        ) : (
          <button
            type="button"
            className="composer__icon"
            aria-label={t('chats.album')}
            disabled={disabled}
            onClick={() => file.current?.click()}
            data-testid="chat-image"
          >
            <PictureOutline />
          </button>
        )}
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          data-testid="chat-image-input"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (!f) return;
            if (f.size > MAX_IMAGE) Toast.show({ content: t('chats.imageTooBig') });
            else onImage(f);
          }}
        />
      </div>
      {panel && (
        <div className="emoji-panel" data-testid="emoji-panel">
          <div className="emoji-panel__stickers">
            {STICKERS.map((e) => (
              <button key={e} type="button" className="emoji-panel__sticker" onClick={() => onSticker(e)} data-testid={`sticker-${e}`}>
                {e}
              </button>
            ))}
          </div>
          <div className="emoji-panel__grid">
            {EMOJI.map((e) => (
              <button key={e} type="button" className="emoji-panel__emoji" onClick={() => setText((x) => x + e)}>
                {e}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
