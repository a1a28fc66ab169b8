import { Popup } from 'antd-mobile';
import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';

/**
 * The room's gift panel. OWNED BY THE WALLET WORK (gift list, balance, sending, recharge link):
 * this is only the slot the room renders, with the props the room passes. Keep the props stable or
 * change both sides together.
 */
export interface GiftPanelProps {
  open: boolean;
  onClose: () => void;
  /** The room the gift is sent in (room number). */
  roomId: number;
  /** Who receives it: the anchor by default, a co-host when one is picked. */
  toUserId: number;
}

/** Placeholder until the wallet work fills it in. */
export default function GiftPanel({ open, onClose }: GiftPanelProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="gift-panel">
      <EmptyState icon={<GiftOutline />} title={t('common.comingSoon')} />
    </Popup>
  );
}
