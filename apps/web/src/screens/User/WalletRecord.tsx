import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { PageFrame } from '../../components/PageFrame';
import { useMoneyChanges, type MoneyChangeFilter } from '../../state/queries/finance';
import { ChangeRow } from './wallet/ChangeRow';
import { PagedList } from './wallet/PagedList';
import './wallet/wallet.css';

/**
 * The filter tabs: by kind of movement (a tab gathers a movement and its companion lines: the
 * package bonus with its recharge, the platform's share with a gift or an exchange), or by which
 * balance moved.
 */
const TABS = {
  all: {},
  coin: { account: 'coin' },
  recharge: { types: ['recharge', 'recharge_bonus'] },
  gift: { types: ['gift', 'gift_fee'] },
  earnings: { account: 'gift_earnings' },
  check_in: { types: ['check_in'] },
  exchange: { types: ['exchange', 'exchange_fee'] },
} satisfies Record<string, MoneyChangeFilter>;
type TabKey = keyof typeof TABS;
const isTab = (k: string): k is TabKey => k in TABS;

function ChangeList({ filter }: { filter: MoneyChangeFilter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useMoneyChanges(filter);
  return (
    <PagedList
      q={q}
      keyOf={(c) => c.id}
      render={(c) => <ChangeRow c={c} />}
      empty={t('wallet.noRecords')}
      emptyIcon={<BillOutline />}
      emptyAction={{ label: t('recharge.goRecharge'), onClick: () => navigate(PATHS.recharge) }}
      testId="wallet-records"
    />
  );
}

/** 金币记录 (/pages/user/walletRecord): every movement of the user's balances, filterable, newest first. */
export default function WalletRecord() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('all');
  return (
    <PageFrame title={t('page.walletRecord')} className="wallet-page">
      <Tabs className="w-tabs" activeKey={tab} onChange={(k) => isTab(k) && setTab(k)}>
        {(Object.keys(TABS) as TabKey[]).map((k) => (
          <Tabs.Tab key={k} title={t(`wallet.tab.${k}`)} />
        ))}
      </Tabs>
      <ChangeList key={tab} filter={TABS[tab]} />
    </PageFrame>
  );
}
