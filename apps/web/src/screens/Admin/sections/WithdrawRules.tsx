import { useEffect, useState } from 'react';
import { Button, Checkbox, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MONEY_UNIT } from '@app/kit';
import type { WithdrawPlatformKind } from '@app/contract';
import { showToast } from '../../../lib/toast';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';

const KINDS: WithdrawPlatformKind[] = ['bank', 'alipay', 'wechat'];

/** Withdrawal minimum, fee and the platforms offered (the next withdrawal follows them). */
export function WithdrawRules() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminWithdrawRules');
  const save = useAdminAction('adminWithdrawRulesSave');
  const [min, setMin] = useState('');
  const [fee, setFee] = useState('');
  const [platforms, setPlatforms] = useState<WithdrawPlatformKind[]>([]);
  useEffect(() => {
    if (!q.data) return;
    setMin(String(q.data.min_amount / MONEY_UNIT));
    setFee(String(q.data.fee_bp / 100));
    setPlatforms(q.data.platforms);
  }, [q.data]);
  return (
    <section className="adm-card">
      <h2>{t('admin.withdrawRules.title')}</h2>
      <form
        className="adm-form adm-form--row"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { min_amount: Math.round(Number(min)) * MONEY_UNIT, fee_bp: Math.round(Number(fee) * 100), platforms },
            { onSuccess: () => showToast(t('admin.done'), 'success') },
          );
        }}
      >
        <label className="adm-field">
          <span>{t('admin.withdrawRules.min')}</span>
          <Input type="number" value={min} onChange={setMin} data-testid="withdraw-min" />
        </label>
        <label className="adm-field">
          <span>{t('admin.withdrawRules.fee')}</span>
          <Input type="number" value={fee} onChange={setFee} />
        </label>
        <div className="adm-field">
          <span>{t('admin.withdrawRules.platforms')}</span>
          <Checkbox.Group value={platforms} onChange={(v) => setPlatforms(v as WithdrawPlatformKind[])}>
            <div className="adm-checks">
              {KINDS.map((k) => (
                <Checkbox key={k} value={k}>
                  {t(`admin.platform.${k}`)}
                </Checkbox>
              ))}
            </div>
          </Checkbox.Group>
        </div>
        <Button type="submit" color="primary" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </form>
      <p className="adm-muted">{t('admin.withdrawRules.note')}</p>
    </section>
  );
}
