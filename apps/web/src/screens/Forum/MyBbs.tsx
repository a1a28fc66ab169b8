import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FrameScreen } from '../../components/FrameScreen';

/** My posts (/pages/forum/myBbs). Its real frame until its feature lands in a later issue. */
export default function MyBbs() {
  const { t } = useTranslation();
  return <FrameScreen icon={<FileOutline />} title={t('page.myBbs')} empty={t('empty.forum')} />;
}
