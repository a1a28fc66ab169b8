import type { LivePreview } from '@app/contract';
import { formatDateCN } from '@app/kit';
import { Button, DatePicker, Input, Popup } from 'antd-mobile';
import { ClockCircleOutline, RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewWhen } from '../../../components/PreviewCard';
import { showToast } from '../../../lib/toast';
import { usePreviewSave } from '../../../state/queries/preview';
import { checkPreview, fromPicker, MIN_LEAD_MIN, pickerRange, suggestedStart, toPicker, type PreviewProblem } from './validate';

const UNITS = ['year', 'month', 'day', 'hour', 'minute'] as const;
const isUnit = (u: string): u is (typeof UNITS)[number] => (UNITS as readonly string[]).includes(u);

/** The schedule / edit sheet: a title and a time from the wheel picker, each with its own error line. */
export function PreviewForm({ editing, onClose }: { editing: LivePreview | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = usePreviewSave();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [startsAt, setStartsAt] = useState<Date | null>(editing ? new Date(editing.starts_at) : null);
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<PreviewProblem | null>(null);
  const range = pickerRange();
  const pending = save.create.isPending || save.edit.isPending;

  const submit = () => {
    const p = checkPreview({ title, startsAt });
    setProblem(p);
    if (p || !startsAt) return;
    const body = { title: title.trim(), starts_at: startsAt.toISOString() };
    const done = (key: 'preview.saved' | 'preview.published') => () => {
      showToast(t(key), 'success');
      onClose();
    };
    if (editing) save.edit.mutate({ preview_id: editing.id, ...body }, { onSuccess: done('preview.saved') });
    else save.create.mutate(body, { onSuccess: done('preview.published') });
  };
  const error = (field: PreviewProblem['field']) =>
    problem?.field === field ? (
      <div className="preview-form__error" role="alert" data-testid={`preview-error-${field}`}>
        {t(problem.key, { min: MIN_LEAD_MIN })}
      </div>
    ) : null;

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="preview-form" destroyOnClose>
      <div className="preview-form__head">{t(editing ? 'preview.edit' : 'preview.new')}</div>
      <label className="preview-form__label" htmlFor="preview-title">
        {t('preview.titleLabel')}
      </label>
      <div className={`preview-form__field${problem?.field === 'title' ? ' preview-form__field--bad' : ''}`}>
        <Input
          id="preview-title"
          name="title"
          value={title}
          maxLength={30}
          clearable
          placeholder={t('preview.titlePlaceholder')}
          onChange={(v) => {
            setTitle(v);
            if (problem?.field === 'title') setProblem(null);
          }}
        />
        <span className="preview-form__count">{[...title].length}/30</span>
      </div>
      {error('title')}
      <span className="preview-form__label">{t('preview.timeLabel')}</span>
      <button
        type="button"
        className={`preview-form__field preview-form__time${problem?.field === 'starts_at' ? ' preview-form__field--bad' : ''}`}
        data-testid="preview-time"
        onClick={() => setPicking(true)}
      >
        <ClockCircleOutline aria-hidden />
        <span className={startsAt ? '' : 'preview-form__placeholder'}>
          {startsAt ? `${previewWhen(startsAt.toISOString(), t)}  ·  ${formatDateCN(startsAt.toISOString(), 'YYYY-MM-DD')}` : t('preview.timePlaceholder')}
        </span>
        <RightOutline aria-hidden className="preview-form__chevron" />
      </button>
      {error('starts_at')}
      <p className="preview-form__hint">{t('preview.intro')}</p>
      <Button block shape="rounded" size="large" className="brand-button" data-testid="preview-submit" loading={pending} onClick={submit}>
        {t(editing ? 'preview.save' : 'preview.publish')}
      </Button>
      <DatePicker
        visible={picking}
        onClose={() => setPicking(false)}
        precision="minute"
        min={toPicker(range.min)}
        max={toPicker(range.max)}
        defaultValue={toPicker(startsAt ?? suggestedStart())}
        filter={{ minute: (m) => m % 5 === 0 }}
        renderLabel={(unit, v) =>
          isUnit(unit) ? t(`preview.unit.${unit}`, { v: unit === 'hour' || unit === 'minute' ? String(v).padStart(2, '0') : String(v) }) : v
        }
        title={t('preview.timeLabel')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onConfirm={(d) => {
          setStartsAt(fromPicker(d));
          if (problem?.field === 'starts_at') setProblem(null);
        }}
      />
    </Popup>
  );
}
