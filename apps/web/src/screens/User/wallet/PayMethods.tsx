import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

interface Props {
  providers: string[];
  selected: string;
  onSelect: (p: string) => void;
}

/** How to pay: one row per provider the server offers (the sandbox by default). */
export function PayMethods({ providers, selected, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <div className="pay-methods" role="radiogroup" aria-label={t('recharge.payMethod')}>
      {providers.map((p) => (
        <button
          key={p}
          type="button"
          role="radio"
          aria-checked={selected === p}
          className={`pay-method ${selected === p ? 'pay-method--on' : ''}`}
          onClick={() => onSelect(p)}
        >
          <span className={`pay-method__logo pay-method__logo--${p}`}>{p === 'sandbox' ? 'S' : p.slice(0, 1).toUpperCase()}</span>
          <span className="pay-method__text">
            <b>{p === 'sandbox' ? t('recharge.sandbox') : p}</b>
            {p === 'sandbox' && <small>{t('recharge.sandboxDesc')}</small>}
          </span>
          <CheckCircleFill className="pay-method__check" />
        </button>
      ))}
    </div>
  );
}
