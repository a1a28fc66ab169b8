import type { RoomInfo } from '@app/contract';
import { Button, Input, Selector, Stepper, Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useOpenRoom, useRoomCategories } from '../../../state/queries/room';
import { useSession } from '../../../state/session';
import { CoverPicker } from './CoverPicker';
import { openSettings, readDraft, SETTING_ROWS, type RoomDraft } from './settings';
import { checkCreate, SEAT_RANGE } from './validate';
import { useLocalName } from '../../../locale/serverText';

/** The go-live form of an approved anchor → room/open. */
export function CreateForm({ onOpened }: { onOpened: (room: RoomInfo) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const local = useLocalName();
  const open = useOpenRoom();
  const categories = useRoomCategories();
  const settings = useSession((s) => s.roomSettings);
  const patch = useSession((s) => s.patch);
  const [f, setF] = useState<RoomDraft>(() => readDraft(useSession.getState().roomConfig));
  const [password, setPassword] = useState('');
  const set = <K extends keyof RoomDraft>(k: K, v: RoomDraft[K]) => setF((p) => ({ ...p, [k]: v }));
  const categoryId = f.category_id ?? categories.data?.[0]?.id ?? null;
  const range = SEAT_RANGE[f.kind];

  const submit = () => {
    const problem = checkCreate({ ...f, category_id: categoryId, password });
    if (problem) return showToast(t(problem));
    const body = {
      title: f.title.trim(),
      cover: f.cover,
      category_id: categoryId!,
      kind: f.kind,
      mic_seats: f.mic_seats,
      settings: openSettings(settings, f),
      ...(f.locked ? { password } : {}),
    };
    open.mutate(body, {
      onSuccess: (room) => {
        const s = useSession.getState();
        patch({
          roomConfig: { ...f, category_id: categoryId },
          // The owner is never asked, but a remembered password lets them share the room as is.
          ...(f.locked ? { roomPassword: { ...s.roomPassword, [String(room.id)]: password } } : {}),
        });
        onOpened(room);
      },
    });
  };

  return (
    <div className="create" data-testid="create-form">
      <section className="create-hero card">
        <CoverPicker value={f.cover} onChange={(url) => set('cover', url)} />
        <div className="create-hero__main">
          <label className="create-label" htmlFor="live-title">
            {t('create.title')}
          </label>
          <Input
            id="live-title"
            name="title"
            className="create-title"
            value={f.title}
            onChange={(v) => set('title', v)}
            maxLength={30}
            placeholder={t('create.titlePlaceholder')}
            clearable
          />
          <span className="create-count">{f.title.length}/30</span>
        </div>
      </section>

      <section className="card create-card">
        <div className="create-row create-row--col">
          <span className="create-label">{t('create.category')}</span>
          <Selector
            className="create-selector"
            columns={4}
            value={categoryId ? [categoryId] : []}
            options={(categories.data ?? []).map((c) => ({ label: local(c), value: c.id }))}
            onChange={(v) => v[0] !== undefined && set('category_id', v[0])}
          />
        </div>
        <div className="create-row create-row--col">
          <span className="create-label">{t('create.kind')}</span>
          <Selector
            className="create-selector create-selector--kind"
            columns={2}
            value={[f.kind]}
            options={[
              { label: t('create.kindLive'), description: t('create.kindLiveDesc'), value: 'live' as const },
              { label: t('create.kindChat'), description: t('create.kindChatDesc'), value: 'chat' as const },
            ]}
            onChange={(v) => {
              const kind = v[0];
              if (kind) setF((p) => ({ ...p, kind, mic_seats: SEAT_RANGE[kind].initial }));
            }}
          />
        </div>
        <div className="create-row">
          <span className="create-label">{t('create.seats')}</span>
          <Stepper min={range.min} max={range.max} digits={0} value={f.mic_seats} onChange={(v) => set('mic_seats', v ?? range.initial)} />
        </div>
        <div className="create-row create-row--col">
          <span className="create-label">{t('create.privacy')}</span>
          <Selector
            className="create-selector"
            columns={2}
            value={[f.locked ? 'password' : 'public']}
            options={[
              { label: t('create.public'), value: 'public' },
              { label: t('create.password'), value: 'password' },
            ]}
            onChange={(v) => v[0] !== undefined && set('locked', v[0] === 'password')}
          />
          {f.locked && (
            <Input
              name="room-password"
              className="create-password"
              value={password}
              onChange={setPassword}
              maxLength={16}
              placeholder={t('create.passwordPlaceholder')}
              clearable
            />
          )}
        </div>
      </section>

      <section className="card create-card">
        <div className="card-title">{t('create.settings')}</div>
        {SETTING_ROWS.map(([key, label]) => (
          <div key={key} className="create-row create-switch">
            <span>{t(label)}</span>
            <Switch aria-label={t(label)} data-setting={key} checked={settings[key]} onChange={(on) => patch({ roomSettings: { ...settings, [key]: on } })} />
          </div>
        ))}
        {f.kind === 'chat' && settings.allowMic && (
          <>
            <div className="create-row create-switch">
              <span>{t('create.freeSeats')}</span>
              <Switch aria-label={t('create.freeSeats')} data-setting="freeSeats" checked={f.free_seats} onChange={(on) => set('free_seats', on)} />
            </div>
            <p className="create-hint">{t(f.free_seats ? 'create.freeSeatsOn' : 'create.freeSeatsOff')}</p>
          </>
        )}
        {settings.pc && <p className="create-hint">{t('create.pcHint')}</p>}
      </section>

      <div className="create-submit">
        <Button block shape="rounded" size="large" className="brand-button" data-testid="start-live" loading={open.isPending} onClick={submit}>
          {t('create.start')}
        </Button>
        <button type="button" className="create-preview-link" data-testid="create-preview-link" onClick={() => navigate(PATHS.previews)}>
          {t('preview.fromCreate')}
        </button>
      </div>
    </div>
  );
}
