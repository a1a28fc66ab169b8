import { TEXTAREA_MAXLENGTH } from '@app/kit';
import { Button, Form, Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useApplyAnchor } from '../../../state/queries/room';
import { checkApply, type ApplyFields } from './validate';

/** user/anchor/apply: real name, id card (§5 validator), mobile, a short introduction. */
export function ApplyForm({ onSubmitted }: { onSubmitted?: () => void }) {
  const { t } = useTranslation();
  const apply = useApplyAnchor();
  const [f, setF] = useState<ApplyFields>({ real_name: '', id_card: '', mobile: '', introduction: '' });
  const set = (k: keyof ApplyFields) => (v: string) => setF((p) => ({ ...p, [k]: v }));

  const submit = () => {
    const problem = checkApply(f);
    if (problem) return showToast(t(problem));
    apply.mutate(
      { real_name: f.real_name.trim(), id_card: f.id_card.trim().toUpperCase(), mobile: f.mobile.trim(), introduction: f.introduction.trim() },
      {
        onSuccess: () => {
          showToast(t('create.applied'), 'success');
          onSubmitted?.();
        },
      },
    );
  };

  return (
    <div className="apply" data-testid="anchor-apply">
      <div className="apply-hero">
        <div className="apply-hero__title">{t('create.applyTitle')}</div>
        <div className="apply-hero__desc">{t('create.applyDesc')}</div>
      </div>
      <div className="card create-card">
        <Form layout="horizontal" requiredMarkStyle="none">
          <Form.Item label={t('create.realName')}>
            <Input name="real_name" value={f.real_name} onChange={set('real_name')} maxLength={20} placeholder={t('create.realNamePlaceholder')} clearable />
          </Form.Item>
          <Form.Item label={t('create.idCard')}>
            <Input name="id_card" value={f.id_card} onChange={set('id_card')} maxLength={18} placeholder={t('create.idCardPlaceholder')} clearable />
          </Form.Item>
          <Form.Item label={t('create.mobile')}>
            <Input name="mobile" type="tel" value={f.mobile} onChange={set('mobile')} maxLength={11} placeholder={t('create.mobilePlaceholder')} clearable />
          </Form.Item>
          <Form.Item label={t('create.intro')} layout="vertical">
            <TextArea
              name="introduction"
              value={f.introduction}
              onChange={set('introduction')}
              maxLength={TEXTAREA_MAXLENGTH}
              showCount
              autoSize={{ minRows: 3, maxRows: 6 }}
              placeholder={t('create.introPlaceholder')}
            />
          </Form.Item>
        </Form>
      </div>
      <div className="create-submit">
        <Button block shape="rounded" size="large" className="brand-button" loading={apply.isPending} onClick={submit}>
          {t('create.applySubmit')}
        </Button>
      </div>
    </div>
  );
}
