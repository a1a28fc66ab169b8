import type { BanScope, UserBrief } from '@app/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useAdminAction } from '../../../state/queries/admin';
import { useFormDialog } from '../parts/FormDialog';

const SCOPES: BanScope[] = ['chat', 'post', 'login', 'live'];
const DURATIONS = [10, 60, 1440, 4320, 10080, 43200];

/** The ban dialog: what from, how long, why (the same from the user list and the live rooms). */
export function useBanDialog() {
  const { t } = useTranslation();
  const ban = useAdminAction('adminUserBan');
  const { ask, dialog } = useFormDialog();
  const open = (user: UserBrief, scope: BanScope = 'chat') =>
    ask({
      title: t('admin.users.banTitle', { name: user.nickname }),
      description: t('admin.users.banDesc'),
      fields: [
        {
          name: 'scope',
          label: t('admin.users.scope'),
          kind: 'select',
          initial: scope,
          options: SCOPES.map((s) => ({ value: s, label: t(`admin.scope.${s}`) })),
        },
        {
          name: 'minutes',
          label: t('admin.users.duration'),
          kind: 'select',
          initial: '1440',
          options: DURATIONS.map((m) => ({ value: String(m), label: t('admin.users.minutes', { count: m, text: durationText(m, t) }) })),
        },
        { name: 'reason', label: t('admin.reason'), kind: 'textarea' },
      ],
      confirm: t('admin.users.ban'),
      danger: true,
      onSubmit: async (v) => {
        await ban.mutateAsync({ user_id: user.id, scope: v.scope as BanScope, minutes: Number(v.minutes), reason: v.reason ?? '' });
        showToast(t('admin.done'), 'success');
      },
    });
  return { open, dialog };
}

function durationText(m: number, t: TFunction): string {
  if (m < 60) return t('admin.dur.minutes', { n: m });
  if (m < 1440) return t('admin.dur.hours', { n: m / 60 });
  return t('admin.dur.days', { n: m / 1440 });
}
