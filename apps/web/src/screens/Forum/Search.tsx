import { SearchBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';

/** Forum search (/pages/forum/search): the search box of §5; results arrive with the forum issue. */
export default function ForumSearch() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('page.forumSearch')}>
      <div className="search-box">
        <SearchBar placeholder={t('common.search')} />
      </div>
      <EmptyState title={t('empty.search')} />
    </PageFrame>
  );
}
