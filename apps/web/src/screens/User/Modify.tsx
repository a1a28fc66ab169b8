import type { UserInfo } from '@app/contract';
import { TEXTAREA_MAXLENGTH } from '@app/kit';
import { Button, DatePicker, Form, Input, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useGoBack } from '../../components/useGoBack';
import { showToast } from '../../lib/toast';
import { useUpdateUserInfo, useUserInfo } from '../../state/queries/user';
import { AvatarPicker } from './parts/AvatarPicker';
import { birthdayRange, fromDay, toDay } from './parts/birthday';
import './user.css';

type Gender = UserInfo['gender'];

/** 编辑资料 (/pages/user/modify): nickname, avatar, signature, gender, birthday; saved with PUT user/info. */
export default function Modify() {
  const { t } = useTranslation();
  const q = useUserInfo();
  return (
    <PageFrame title={t('modify.title')}>
      {q.data ? <ModifyForm user={q.data} /> : q.isPending ? <PageLoading /> : <LoadError onRetry={() => void q.refetch()} />}
    </PageFrame>
  );
}

function ModifyForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const save = useUpdateUserInfo();
  const [f, setF] = useState(() => {
    const { nickname, avatar, signature, gender, birthday } = user;
    return { nickname, avatar, signature, gender, birthday };
  });
  const [pickerOpen, setPickerOpen] = useState(false);
  const range = birthdayRange(fromDay(f.birthday));

  const submit = () => {
    const nickname = f.nickname.trim();
    if (nickname.length < 1 || nickname.length > 20) return showToast(t('validate.nickname'));
    if (f.signature.length > TEXTAREA_MAXLENGTH) return showToast(t('validate.signature'));
    const changes = {
      ...(nickname !== user.nickname ? { nickname } : {}),
      ...(f.avatar !== user.avatar ? { avatar: f.avatar } : {}),
      ...(f.signature !== user.signature ? { signature: f.signature } : {}),
      ...(f.gender !== user.gender ? { gender: f.gender } : {}),
      ...(f.birthday !== user.birthday ? { birthday: f.birthday } : {}),
    };
    if (Object.keys(changes).length === 0) return showToast(t('modify.noChange'));
    save.mutate(changes, {
      onSuccess: () => {
        showToast(t('common.saved'), 'success');
        goBack();
      },
    });
  };

  return (
    <>
      <AvatarPicker src={f.avatar} onUploaded={(avatar) => setF((p) => ({ ...p, avatar }))} />
      <div className="card modify-form">
        <Form layout="horizontal" mode="card" requiredMarkStyle="none">
          <Form.Item label={t('info.nickname')}>
            <Input
              name="nickname"
              value={f.nickname}
              maxLength={20}
              placeholder={t('modify.nicknamePlaceholder')}
              onChange={(nickname) => setF((p) => ({ ...p, nickname }))}
              clearable
            />
          </Form.Item>
          <Form.Item label={t('info.gender')}>
            <Selector
              columns={3}
              value={[f.gender]}
              options={([0, 1, 2] as Gender[]).map((g) => ({ label: t(`gender.${g}`), value: g }))}
              onChange={(v) => v[0] !== undefined && setF((p) => ({ ...p, gender: v[0] as Gender }))}
              style={{ '--padding': '4px 0', '--border-radius': '14px', '--checked-color': '#ffe6ef' }}
            />
          </Form.Item>
          <Form.Item label={t('info.birthday')} arrow onClick={() => setPickerOpen(true)} data-testid="birthday">
            <span className={f.birthday ? '' : 'muted'}>{f.birthday || t('modify.pickBirthday')}</span>
          </Form.Item>
          <Form.Item label={t('info.signature')} layout="vertical">
            <TextArea
              name="signature"
              value={f.signature}
              maxLength={TEXTAREA_MAXLENGTH}
              showCount
              autoSize={{ minRows: 3, maxRows: 6 }}
              placeholder={t('modify.signaturePlaceholder')}
              onChange={(signature) => setF((p) => ({ ...p, signature }))}
            />
          </Form.Item>
        </Form>
      </div>
      <DatePicker
        visible={pickerOpen}
        onClose={() => setPickerOpen(false)}
        min={range.min}
        max={range.max}
        defaultValue={range.initial}
        title={t('info.birthday')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={(d) => setF((p) => ({ ...p, birthday: toDay(d) }))}
      />
      <div className="modify-save">
        <Button block shape="rounded" size="large" className="brand-button" loading={save.isPending} onClick={submit}>
          {t('common.save')}
        </Button>
      </div>
    </>
  );
}
