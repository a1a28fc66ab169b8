import type { PayProviderName } from '@app/contract';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';

interface Props {
  providers: PayProviderName[];
  selected: PayProviderName | null;
  onSelect: (p: PayProviderName) => void;
}

const LOGO: Record<PayProviderName, string> = { sandbox: 'S', stripe: '卡', alipay: '支', wechat: '微' };

/** How to pay: one row per provider the server offers, in the reader's language's order (payOrder.ts). */
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
          data-testid={`pay-${p}`}
          className={`pay-method ${selected === p ? 'pay-method--on' : ''}`}
          onClick={() => onSelect(p)}
        >
          <span className={`pay-method__logo pay-method__logo--${p}`}>{LOGO[p]}</span>
          <span className="pay-method__text">
            <b>{t(`recharge.${p}`)}</b>
            <small>{t(`recharge.${p}Desc`)}</small>
          </span>
          <CheckCircleFill className="pay-method__check" />
        </button>
      ))}
    </div>
  );
}
