import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ReportTarget, ReportTargetType } from '@app/contract';
import { showToast } from '../../../lib/toast';
import { useAdminAction } from '../../../state/queries/admin';

/** Hide / show / delete an item, the same from the reports and the content lists. */
export function useModeration() {
  const { t } = useTranslation();
  const hide = useAdminAction('adminContentHide');
  const del = useAdminAction('adminContentDelete');
  const dismiss = useAdminAction('adminReportDismiss');
  return {
    busy: hide.isPending || del.isPending || dismiss.isPending,
    setHidden: async (type: ReportTargetType, id: number, hidden: boolean) => {
      await hide.mutateAsync({ type, id, hidden });
      showToast(hidden ? t('admin.content.hiddenDone') : t('admin.content.shownDone'), 'success');
    },
    remove: async (type: ReportTargetType, id: number) => {
      if (!(await Dialog.confirm({ content: t('admin.content.deleteConfirm') }))) return;
      await del.mutateAsync({ type, id });
      showToast(t('admin.content.deletedDone'), 'success');
    },
    dismiss: async (type: ReportTarget, id: number) => {
      await dismiss.mutateAsync({ type, id });
      showToast(t('admin.done'), 'success');
    },
  };
}

/** Swallows a rejection the API client already toasted. */
export const quiet = (p: Promise<unknown>): void => void p.catch(() => undefined);
