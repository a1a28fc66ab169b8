import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';

/** The sensitive-word list: words masked with asterisks in new posts and comments (and flagged for review). */
export function Words() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminWords');
  const add = useAdminAction('adminWordAdd');
  const remove = useAdminAction('adminWordRemove');
  const [text, setText] = useState('');
  const submit = () => {
    const words = text
      .split(/[,，\s]+/)
      .map((w) => w.trim())
      .filter(Boolean);
    if (!words.length) return;
    add.mutate({ words }, { onSuccess: () => (setText(''), showToast(t('admin.done'), 'success')) });
  };
  return (
    <div className="adm-stack">
      <p className="adm-muted">{t('admin.words.desc')}</p>
      <form
        className="adm-search"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Input placeholder={t('admin.words.addHint')} value={text} onChange={setText} clearable />
        <Button size="small" type="submit" color="primary" loading={add.isPending}>
          {t('admin.words.add')}
        </Button>
      </form>
      <div className="adm-words" data-testid="words">
        {q.data?.list.map((w) => (
          <span key={w.id} className="adm-tag adm-tag--big">
            {w.word}
            <button type="button" className="adm-tag__x" aria-label={t('admin.words.remove')} onClick={() => remove.mutate({ id: w.id })}>
              ×
            </button>
          </span>
        ))}
        {q.data?.list.length === 0 && <span className="adm-muted">{t('admin.words.empty')}</span>}
      </div>
    </div>
  );
}
