import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A keyword box whose search runs on Enter or the button (not on every key). */
export function SearchBox({
  placeholder,
  onSearch,
  testId,
  strong,
}: {
  placeholder: string;
  onSearch: (text: string) => void;
  testId?: string;
  strong?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <form
      className="adm-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Input placeholder={placeholder} value={text} onChange={setText} clearable data-testid={testId} />
      <Button size="small" type="submit" color="primary" fill={strong ? 'solid' : 'outline'}>
        {t('admin.search')}
      </Button>
    </form>
  );
}
