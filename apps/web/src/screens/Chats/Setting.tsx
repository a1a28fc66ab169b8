import { Dialog, List, Switch, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { UserAvatar } from '../../components/UserAvatar';
import { useChatClear, useChatSetting, useConversation } from '../../state/queries/chat';
import { ProfileSheet } from '../../components/ProfileSheet';
import { PushSwitch } from '../../components/PushSwitch';
import './chat.css';
import './setting.css';

/** Chat settings (/pages/chats/setting?uid=…): mute, pin, block, clear history for me; this device's message pushes. */
export default function ChatSetting() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const peerId = Number(params.get('uid'));
  const conv = useConversation(peerId);
  const setting = useChatSetting(peerId);
  const clear = useChatClear();
  const [profile, setProfile] = useState<number | null>(null);
  const title = t('page.chatSetting');

  if (!Number.isInteger(peerId) || peerId <= 0) {
    return (
      <PageFrame title={title}>
        <EmptyState title={t('empty.generic')} />
      </PageFrame>
    );
  }
  if (conv.isPending) {
    return (
      <PageFrame title={title}>
        <PageLoading />
      </PageFrame>
    );
  }
  if (!conv.data) {
    return (
      <PageFrame title={title}>
        <LoadError onRetry={() => void conv.refetch()} />
      </PageFrame>
    );
  }
  const c = conv.data;
  return (
    <PageFrame title={title} className="chat-setting">
      <button type="button" className="setting-peer" onClick={() => setProfile(peerId)} data-testid="setting-peer">
        <UserAvatar src={c.peer.avatar} size={56} className="setting-peer__avatar" />
        <span className="setting-peer__main">
          <span className="setting-peer__name">{c.peer.nickname}</span>
          <span className="setting-peer__id">ID: {c.peer.id}</span>
        </span>
        <span className="setting-peer__link">{t('chats.viewProfile')}</span>
      </button>

      <List className="setting-list" mode="card">
        <List.Item
          description={t('chats.muteDesc')}
          extra={<Switch checked={c.muted} onChange={(v) => setting.mutate({ muted: v })} data-testid="setting-mute" />}
        >
          {t('chats.mute')}
        </List.Item>
        <List.Item extra={<Switch checked={c.pinned} onChange={(v) => setting.mutate({ pinned: v })} data-testid="setting-pin" />}>
          {t('chats.pinChat')}
        </List.Item>
      </List>

      <PushSwitch />

      <List className="setting-list" mode="card">
        <List.Item
          description={t('chats.blockDesc')}
          extra={
            <Switch
              checked={c.blocked}
              data-testid="setting-block"
              onChange={async (v) => {
                if (v && !(await Dialog.confirm({ content: t('chats.blockConfirm') }))) return;
                setting.mutate({ blocked: v });
              }}
            />
          }
        >
          {t('chats.block')}
        </List.Item>
      </List>

      <List className="setting-list" mode="card">
        <List.Item
          className="setting-danger"
          arrow={false}
          data-testid="setting-clear"
          onClick={async () => {
            if (!(await Dialog.confirm({ content: t('chats.clearConfirm', { name: c.peer.nickname }) }))) return;
            clear.mutate({ peerId, remove: false }, { onSuccess: () => Toast.show({ icon: 'success', content: t('chats.cleared') }) });
          }}
        >
          {t('chats.clear')}
        </List.Item>
      </List>
      <ProfileSheet userId={profile} onClose={() => setProfile(null)} />
    </PageFrame>
  );
}
