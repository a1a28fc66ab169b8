import { useEffect, useState } from 'react';
import { UpOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { COMBO_WINDOW_MS, GIFT_COUNTS, type ComboState } from './combo';

interface Props {
  count: number;
  onCount: (n: number) => void;
  combo: ComboState | null;
  disabled: boolean;
  onSend: () => void;
}

/** Count selector and the send button; right after a send it turns into the combo button with a countdown ring. */
export function GiftSendBar({ count, onCount, combo, disabled, onSend }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!combo) return setLive(false);
    setLive(true);
    const timer = setTimeout(() => setLive(false), Math.max(0, combo.at + COMBO_WINDOW_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [combo]);

  if (live && combo) {
    return (
      <button type="button" className="gift-combo" data-testid="gift-combo" onClick={onSend}>
        <svg className="gift-combo__ring" viewBox="0 0 64 64" aria-hidden>
          <circle cx="32" cy="32" r="29" className="gift-combo__track" />
          <circle key={combo.at} cx="32" cy="32" r="29" className="gift-combo__left" style={{ animationDuration: `${COMBO_WINDOW_MS}ms` }} />
        </svg>
        <span className="gift-combo__label">{t('gift.combo')}</span>
        <b className="gift-combo__n" key={combo.combo}>
          ×{combo.combo}
        </b>
      </button>
    );
  }

  return (
    <div className="gift-send">
      {open && (
        <ul className="gift-counts" role="listbox">
          {[...GIFT_COUNTS].reverse().map((n) => (
            <li key={n}>
              <button
                type="button"
                role="option"
                aria-selected={n === count}
                className={n === count ? 'gift-counts__on' : ''}
                onClick={() => {
                  onCount(n);
                  setOpen(false);
                }}
              >
                <b>{n}</b>
                <span>{t(`gift.countName.${n}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="gift-send__count" data-testid="gift-count" onClick={() => setOpen((o) => !o)}>
        ×{count} <UpOutline className={open ? 'gift-send__caret gift-send__caret--open' : 'gift-send__caret'} />
      </button>
      <button type="button" className="gift-send__btn" data-testid="gift-send" disabled={disabled} onClick={onSend}>
        {t('gift.send')}
      </button>
    </div>
  );
}
