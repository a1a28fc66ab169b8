import { useMemo, useRef, useState } from 'react';
import type { Api, RouteData, WithdrawPlatformKind } from '@app/contract';
import { formatMoney, maskText } from '@app/kit';
import { Button, Dialog, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { newRequestId } from '../../../state/queries/finance';
import { useWithdraw } from '../../../state/queries/financeEarnings';
import { decimalsForStep, parseAmount, sanitizeAmountInput } from '../wallet/amount';
import { formatFen } from '../wallet/money';
import { PlatformPicker } from './PlatformPicker';
import { withdrawQuote } from './quote';

type Info = RouteData<Api['withdrawPlatform']>;

/** The withdrawal form: platform, account, payee, amount (minimum, step, fee and payout shown), confirm, submit. */
export function WithdrawForm({ info }: { info: Info }) {
  const { t } = useTranslation();
  const withdraw = useWithdraw();
  const enabled = info.list.filter((p) => p.enabled);
  const [platform, setPlatform] = useState<WithdrawPlatformKind>(enabled[0]?.platform ?? 'alipay');
  const [account, setAccount] = useState('');
  const [name, setName] = useState('');
  const [amountText, setAmountText] = useState('');
  const key = useRef(newRequestId());
  const plat = info.list.find((p) => p.platform === platform);
  const decimals = decimalsForStep(info.step);

  const parsed = parseAmount(amountText, { decimals, min: info.min_amount, max: info.withdrawable });
  const quote = parsed.ok ? withdrawQuote(parsed.raw, info) : null;
  const accountOk = useMemo(() => {
    try {
      return !!plat && new RegExp(plat.account_pattern).test(account.trim());
    } catch {
      return account.trim().length >= 4;
    }
  }, [plat, account]);
  const stepOk = parsed.ok && parsed.raw % Math.max(1, info.step) === 0;
  const amountError =
    amountText === ''
      ? ''
      : !parsed.ok
        ? t(`withdraw.amountError.${parsed.error}`, { min: formatMoney(info.min_amount) })
        : !stepOk
          ? t('withdraw.stepError', { step: formatMoney(info.step) })
          : '';
  const ready = !!plat?.enabled && accountOk && name.trim() !== '' && parsed.ok && stepOk;

  const submit = async () => {
    if (!parsed.ok || !quote || !plat) return;
    const ok = await Dialog.confirm({
      title: t('withdraw.confirmTitle'),
      content: (
        <dl className="wd-confirm">
          <dt>{t('withdraw.to')}</dt>
          <dd>{`${t(`withdraw.platform.${plat.platform}`)} ${maskText(account.trim())}`}</dd>
          <dt>{t('withdraw.amount')}</dt>
          <dd>{formatMoney(parsed.raw)}</dd>
          <dt>{t('withdraw.fee')}</dt>
          <dd>{formatMoney(quote.fee)}</dd>
          <dt>{t('withdraw.payout')}</dt>
          <dd className="wd-confirm__pay">¥{formatFen(quote.payoutFen)}</dd>
        </dl>
      ),
      confirmText: t('withdraw.submit'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    withdraw.mutate(
      { request_id: key.current, platform, account: account.trim(), account_name: name.trim(), amount: parsed.raw },
      {
        onSuccess: () => {
          key.current = newRequestId();
          setAmountText('');
          showToast(t('withdraw.submitted'), 'success');
        },
      },
    );
  };

  return (
    <section className="card w-card wd-form">
      <div className="card-title">{t('withdraw.to')}</div>
      <PlatformPicker list={info.list} value={platform} onChange={setPlatform} />
      <div className="wd-field">
        <label htmlFor="wd-account">{t('withdraw.account')}</label>
        <Input
          id="wd-account"
          name="account"
          value={account}
          onChange={setAccount}
          placeholder={t('withdraw.accountPlaceholder', { label: plat ? t(`withdraw.label.${plat.platform}`) : '' })}
          clearable
        />
      </div>
      {account !== '' && !accountOk && (
        <div className="wd-error">{t('withdraw.accountError', { label: plat ? t(`withdraw.label.${plat.platform}`) : '' })}</div>
      )}
      <div className="wd-field">
        <label htmlFor="wd-name">{t('withdraw.name')}</label>
        <Input id="wd-name" name="account_name" value={name} onChange={setName} placeholder={t('withdraw.namePlaceholder')} maxLength={32} clearable />
      </div>
      <div className="wd-amount">
        <span className="wd-amount__label">{t('withdraw.amount')}</span>
        <div className="wd-amount__row">
          <Input
            name="amount"
            inputMode={decimals > 0 ? 'decimal' : 'numeric'}
            value={amountText}
            onChange={(v) => setAmountText(sanitizeAmountInput(v, decimals))}
            placeholder={t('withdraw.minHint', { min: formatMoney(info.min_amount) })}
          />
          <button
            type="button"
            className="wd-amount__all"
            onClick={() => setAmountText(formatMoney(Math.floor(info.withdrawable / Math.max(1, info.step)) * info.step, decimals))}
          >
            {t('withdraw.all')}
          </button>
        </div>
        <div className={`wd-amount__hint ${amountError ? 'wd-amount__hint--bad' : ''}`} data-testid="withdraw-quote">
          {amountError ||
            (quote
              ? t('withdraw.quote', { fee: formatMoney(quote.fee), payout: formatFen(quote.payoutFen) })
              : t('withdraw.rules', { fee: (info.fee_bp / 100).toFixed(info.fee_bp % 100 ? 1 : 0), min: formatMoney(info.min_amount) }))}
        </div>
      </div>
      <Button block shape="rounded" className="brand-button wd-submit" disabled={!ready} loading={withdraw.isPending} onClick={() => void submit()}>
        {t('withdraw.submit')}
      </Button>
    </section>
  );
}
