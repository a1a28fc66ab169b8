import type { UserBrief } from '@app/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { t as tr } from '../../../../locale/i18n';
import { AnchorTools } from '../actions/AnchorTools';
import { BoardChip } from '../boards/BoardChip';
import { ChatList } from '../chat/ChatList';
import { RoomClipSheet } from '../clip/RoomClipSheet';
import { CohostTiles } from './CohostTiles';
import { Danmaku } from '../danmaku/Danmaku';
import { EnvelopeLayer } from '../envelope/EnvelopeLayer';
import { EnvelopeSendSheet } from '../envelope/EnvelopeSendSheet';
import { FanClubSheet } from '../sheets/FanClubSheet';
import { LuckyBagCreateSheet } from '../luckyBag/LuckyBagCreateSheet';
import { LuckyBagLayer } from '../luckyBag/LuckyBagLayer';
import { GiftSlot } from '../gifts/GiftSlot';
import { StreamHealth } from '../health/StreamHealth';
import { HlsVideo } from './HlsVideo';
import { InputBar } from '../chat/InputBar';
import { LiveChips } from '../shell/LiveChips';
import { MicQueueSheet } from '../seats/MicQueueSheet';
import { ObsButton } from '../actions/ObsButton';
import { PkLayer } from '../pk/PkLayer';
import { RoomActions } from '../actions/RoomActions';
import { useRoom } from '../shell/RoomContext';
import { useCloseButton } from '../shell/useCloseButton';
import { SeatVideo, useVideoReady } from './SeatVideo';
import { StageOverlay } from './StageOverlay';
import { TopBar } from '../shell/TopBar';
import { UserSheet } from '../sheets/UserSheet';
import { VipEntrance } from '../chat/VipEntrance';
import { ViewerSheet } from '../sheets/ViewerSheet';

/**
 * The live room: the anchor's video fills the screen (one's own camera for the anchor), co-hosts
 * down the side, chat and danmaku over the video, the input bar and actions at the bottom.
 */
export function LiveStage() {
  const { t } = useTranslation();
  const { room, state, me, media } = useRoom();
  const [ready, setReady] = useVideoReady();
  const [sheet, setSheet] = useState<'queue' | 'viewers' | 'board' | 'fans' | 'envelope' | 'luckyBag' | 'clip' | null>(null);
  const [target, setTarget] = useState<UserBrief | null>(null);
  const [gift, setGift] = useState(false);

  const pc = me.owner && room.settings.pc;
  const own = me.owner && !pc;
  const b = media.broadcast;
  const stream = own ? (b?.preview ?? null) : (media.play?.streams.get('anchor') ?? null);
  const settings = state.settings ?? room.settings;
  // A landscape camera or a shared screen is shown whole (letterboxed), not cropped to the phone.
  const landscape = !settings.vertical || settings.screen;

  const { onClose, closing } = useCloseButton();

  return (
    <div className={landscape ? 'stage stage--landscape' : 'stage'} data-testid="live-stage" data-role={me.owner ? 'anchor' : 'viewer'}>
      <div className="stage__video">
        {media.hls && !own && <HlsVideo url={media.hls} onReady={setReady} />}
        {stream && !media.hls && (
          <SeatVideo stream={stream} seat={own ? 'local' : 'anchor'} local={own} mirrored={own && !!b?.frontCamera && !b.screen} onReady={setReady} />
        )}
        {own && b?.camera === false && <div className="stage-cover stage-cover--soft">{t('room.cameraOff')}</div>}
        {own && b?.status === 'failed' && (
          <div className="stage-cover" data-testid="publish-failed">
            <div className="stage-cover__title">{captureMessage(b.error)}</div>
          </div>
        )}
        <StageOverlay ready={ready} />
      </div>
      <div className="stage__shade" />
      <TopBar onViewers={() => setSheet('viewers')} onClose={onClose} onFanClub={() => setSheet('fans')} />
      <LiveChips>
        <BoardChip onOpen={() => setSheet('board')} />
      </LiveChips>
      <CohostTiles onUser={setTarget} />
      <PkLayer />
      <EnvelopeLayer />
      <LuckyBagLayer />
      {(own || state.mySeat !== null) && <AnchorTools />}
      {pc && <ObsButton />}
      {me.owner && <StreamHealth />}
      <Danmaku portraitCamera={!landscape && settings.camera} />
      <VipEntrance />
      <div className="stage__chat">
        <ChatList onUser={setTarget} />
      </div>
      <InputBar>
        <RoomActions
          onQueue={() => setSheet('queue')}
          onGift={() => setGift(true)}
          onEnvelope={() => setSheet('envelope')}
          onLuckyBag={() => setSheet('luckyBag')}
          onClip={() => setSheet('clip')}
        />
      </InputBar>
      <MicQueueSheet open={sheet === 'queue'} onClose={() => setSheet(null)} />
      <FanClubSheet open={sheet === 'fans'} onClose={() => setSheet(null)} />
      <RoomClipSheet open={sheet === 'clip'} onClose={() => setSheet(null)} />
      <EnvelopeSendSheet open={sheet === 'envelope'} roomId={room.id} onClose={() => setSheet(null)} />
      {me.owner && <LuckyBagCreateSheet open={sheet === 'luckyBag'} roomId={room.id} onClose={() => setSheet(null)} />}
      <ViewerSheet
        open={sheet === 'viewers' || sheet === 'board'}
        initial={sheet === 'board' ? 'live' : 'online'}
        onClose={() => setSheet(null)}
        onUser={(u) => {
          setSheet(null);
          setTarget(u);
        }}
      />
      <UserSheet user={target} onClose={() => setTarget(null)} />
      <GiftSlot open={gift} onClose={() => setGift(false)} toUserId={room.anchor.id} />
      {b?.status === 'reconnecting' && <div className="stage-toast">{t('room.reconnecting')}</div>}
      {closing && <div className="stage-toast">{t('common.loading')}</div>}
    </div>
  );
}

/** A capture or publish failure in words. */
export function captureMessage(error: string | null): string {
  switch (error) {
    case 'denied':
      return tr('room.captureDenied');
    case 'no-device':
      return tr('room.captureMissing');
    case 'busy':
      return tr('room.captureBusy');
    case 'insecure':
      return tr('room.captureInsecure');
    default:
      return tr('room.publishFailed', { reason: error ?? '' });
  }
}
