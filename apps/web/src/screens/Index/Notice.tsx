import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { NoticeDetail } from './notice/NoticeDetail';
import { NoticeList } from './notice/NoticeList';
import './notice/notice.css';

/** Announcements (/pages/index/notice): the list, or one announcement with ?id=. */
export default function Notice() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const hasId = params.has('id');
  return <PageFrame title={hasId ? t('notice.detail') : t('notice.title')}>{hasId ? <NoticeDetail id={id} /> : <NoticeList />}</PageFrame>;
}
