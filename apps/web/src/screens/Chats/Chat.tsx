import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { Conversation } from './parts/Conversation';

/** A conversation (/pages/chats/chat?uid=…): live bubbles, history upward, reply quotes, read receipts. */
export default function Chat() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const peerId = Number(params.get('uid'));
  if (!Number.isInteger(peerId) || peerId <= 0) {
    return (
      <PageFrame title={t('page.chat')}>
        <EmptyState title={t('empty.chats')} />
      </PageFrame>
    );
  }
  return <Conversation key={peerId} peerId={peerId} />;
}
