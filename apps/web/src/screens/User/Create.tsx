import type { RoomInfo } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useAnchorApplication } from '../../state/queries/room';
import { roomPath } from '../../lib/paths';
import { ApplyForm } from './create/ApplyForm';
import { ApplyStatus } from './create/ApplyStatus';
import { CreateForm } from './create/CreateForm';
import { ObsPanel } from '../../components/ObsPanel';
import './create/create.css';

/**
 * 创建直播 (/pages/user/create): approved anchors fill the go-live form; everyone else applies
 * (user/anchor/apply) or sees where their application stands.
 */
export default function CreateLive() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const app = useAnchorApplication();
  const [reapply, setReapply] = useState(false);
  const [obsRoom, setObsRoom] = useState<RoomInfo | null>(null);

  const enter = (room: RoomInfo) => navigate(roomPath(room), { replace: true });
  const opened = (room: RoomInfo) => (room.settings.pc ? setObsRoom(room) : enter(room));

  let body;
  if (obsRoom) body = <ObsPanel roomId={obsRoom.id} onEnter={() => enter(obsRoom)} />;
  else if (app.isPending) body = <PageLoading />;
  else if (app.isError) body = <LoadError onRetry={() => void app.refetch()} />;
  else if (app.data.status === 'approved') body = <CreateForm onOpened={opened} />;
  else if (app.data.status === 'none' || reapply) body = <ApplyForm onSubmitted={() => setReapply(false)} />;
  else body = <ApplyStatus app={app.data} onReapply={() => setReapply(true)} />;

  return (
    <PageFrame title={t('page.create')} className="create-page">
      {body}
    </PageFrame>
  );
}
