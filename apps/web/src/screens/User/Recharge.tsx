import { useEffect, useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { PayCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useRechargeCategory, useWallet } from '../../state/queries/finance';
import { BalanceHero } from './wallet/BalanceHero';
import { formatCoins } from '../../lib/money';
import { formatFen } from './wallet/money';
import { PackageGrid } from './wallet/PackageGrid';
import { PayMethods } from './wallet/PayMethods';
import { PayWaiting } from './wallet/PayWaiting';
import { useCheckout, useCloseCheckoutReturn } from './wallet/useCheckout';
import { orderedProviders } from './wallet/payOrder';
import { currentLang } from '../../locale/i18n';
import type { PayProviderName } from '@app/contract';
import './wallet/wallet.css';

/** 充值 (/pages/user/recharge): balance, packages, pay method; pay on the provider's checkout page, then the coins arrive. */
export default function Recharge() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const wallet = useWallet();
  const cat = useRechargeCategory();
  const checkout = useCheckout();
  useCloseCheckoutReturn();
  const [picked, setPicked] = useState<number | null>(null);
  const lang = i18n.language;
  // The first offered method is chosen until the user picks another.
  const providers = useMemo(() => (lang ? orderedProviders(cat.data?.providers ?? [], currentLang()) : []), [cat.data, lang]);
  const [chosen, setProvider] = useState<PayProviderName | null>(null);
  const provider = chosen && providers.includes(chosen) ? chosen : (providers[0] ?? null);

  const packages = useMemo(() => cat.data?.list ?? [], [cat.data]);
  const pkg = packages.find((p) => p.id === picked) ?? null;
  // Preselect the package marked popular (or the second one, the usual best seller) once they load.
  useEffect(() => {
    if (picked === null && packages.length > 0) setPicked((packages.find((p) => p.tag) ?? packages[Math.min(1, packages.length - 1)])!.id);
  }, [packages, picked]);

  return (
    <PageFrame
      title={t('page.recharge')}
      className="wallet-page wallet-page--paybar"
      right={
        <button type="button" className="nav-link" onClick={() => navigate(PATHS.rechargeRecord)}>
          {t('recharge.records')}
        </button>
      }
    >
      <BalanceHero label={t('wallet.coinBalance')} amount={wallet.data?.coin} testId="recharge-balance" />
      {cat.isPending ? (
        <PageLoading />
      ) : cat.isError ? (
        <LoadError onRetry={() => void cat.refetch()} />
      ) : packages.length === 0 ? (
        <EmptyState icon={<PayCircleOutline />} title={t('recharge.none')} />
      ) : (
        <>
          <section className="card w-card">
            <div className="card-title">{t('recharge.choose')}</div>
            <PackageGrid packages={packages} selected={picked} onSelect={setPicked} />
          </section>
          <section className="card w-card">
            <div className="card-title">{t('recharge.payMethod')}</div>
            <PayMethods providers={providers} selected={provider} onSelect={setProvider} />
          </section>
          <ul className="w-tips">
            <li>{t('recharge.tip1', { n: formatCoins((100 * 10000) / (wallet.data?.rules.fen_per_coin || 10)) })}</li>
            <li>{t('recharge.tip2')}</li>
          </ul>
          <div className="pay-bar">
            <div className="pay-bar__sum">
              <span>{t('recharge.toPay')}</span>
              <b>¥{pkg ? formatFen(pkg.price_fen) : '0.00'}</b>
              {pkg && <small>{t('recharge.getCoins', { n: formatCoins(pkg.amount + pkg.bonus) })}</small>}
            </div>
            <Button
              shape="rounded"
              className="brand-button pay-bar__btn"
              disabled={!pkg || !provider}
              loading={checkout.creating}
              onClick={() => {
                if (pkg && provider) void checkout.pay(pkg.id, provider);
              }}
            >
              {t('recharge.payNow')}
            </Button>
          </div>
        </>
      )}
      <PayWaiting visible={checkout.orderNo !== null} order={checkout.order} onReopen={checkout.reopen} onClose={checkout.dismiss} />
    </PageFrame>
  );
}
