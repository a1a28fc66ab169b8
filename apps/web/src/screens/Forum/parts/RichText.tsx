import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seed §9: rich text taller than 400 px is collapsed with an expand button. */
const COLLAPSE_PX = 400;

/** A post's text, shown as text (never parsed as HTML), collapsed past 400 px until expanded. */
export function RichText({ text }: { text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) setTall(el.scrollHeight > COLLAPSE_PX + 24);
  }, [text]);
  const collapsed = tall && !open;
  return (
    <div className="frich">
      <div
        ref={ref}
        className={`frich__text${collapsed ? ' frich__text--collapsed' : ''}`}
        style={collapsed ? { maxHeight: COLLAPSE_PX } : undefined}
        data-testid="post-body"
      >
        {text}
      </div>
      {tall && (
        <button type="button" className="frich__toggle" data-testid="post-expand" onClick={() => setOpen(!open)}>
          {open ? t('forum.collapse') : t('forum.expand')}
        </button>
      )}
    </div>
  );
}
