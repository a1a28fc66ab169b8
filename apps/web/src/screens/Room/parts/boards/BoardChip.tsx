import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

/** Under the top bar: "Top fans ›" opens the contribution board of this live. */
export function BoardChip({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="live-chip board-chip" data-testid="board-open" onClick={onOpen}>
      <span className="board-chip__cup" aria-hidden>
        ♛
      </span>
      {t('board.chip')}
      <RightOutline />
    </button>
  );
}
