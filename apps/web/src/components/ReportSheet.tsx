import { ActionSheet } from 'antd-mobile';
import type { ReportTarget } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { showToast } from '../lib/toast';
import { useReport } from '../state/queries/report';

const REASONS = ['spam', 'porn', 'illegal', 'abuse', 'other'] as const;

/** The report sheet: pick a reason, the item goes to the operators' queue (report/create). */
export function ReportSheet({ target, onClose }: { target: { type: ReportTarget; id: number } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const report = useReport();
  return (
    <ActionSheet
      visible={target !== null}
      onClose={onClose}
      extra={t('report.title')}
      cancelText={t('common.cancel')}
      actions={REASONS.map((r) => ({
        key: r,
        text: t(`report.reason.${r}`),
        onClick: () => {
          if (!target) return;
          onClose();
          report.mutate(
            { target_type: target.type, target_id: target.id, reason: t(`report.reason.${r}`) },
            { onSuccess: () => showToast(t('report.done'), 'success') },
          );
        },
      }))}
    />
  );
}
