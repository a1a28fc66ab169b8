import { APP_VERSION, APP_VERSION_CODE, compareVersion } from '@app/kit';
import { Button, List, SpinLoading } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { loadConfig } from '../../state/queries/config';
import { useSession } from '../../state/session';
import './update.css';

/** The app-update page: this build (1.8.1, code 181) against the config's app_version. */
export default function Update() {
  const { t } = useTranslation();
  const config = useSession((s) => s.systemConfig);
  const [checking, setChecking] = useState(true);

  useEffect(() => {
    void loadConfig({ silent: true })
      .catch(() => undefined)
      .finally(() => setChecking(false));
  }, []);

  const latest = config?.app_version;
  const newer = latest ? compareVersion(latest.version, APP_VERSION) > 0 : false;

  return (
    <PageFrame title={t('update.title')}>
      <div className="update-hero">
        <img src="/icon-192.png" alt="" width={72} height={72} className="update-hero__logo" />
        <div className="update-hero__name">{t('app.name')}</div>
        <div className="update-hero__version">
          {t('update.current')} v{APP_VERSION} · {t('update.code', { code: APP_VERSION_CODE })}
        </div>
      </div>
      <div className="card">
        <List>
          <List.Item extra={`v${APP_VERSION}`}>{t('update.current')}</List.Item>
          <List.Item extra={checking && !latest ? <SpinLoading style={{ '--size': '16px' }} /> : latest ? `v${latest.version}` : '-'}>
            {t('update.latest')}
          </List.Item>
        </List>
      </div>
      {newer && latest ? (
        <div className="card update-notes">
          <div className="card-title">{t('update.notes')}</div>
          {latest.force && <div className="update-notes__force">{t('update.force')}</div>}
          <p className="update-notes__text">{latest.notes || t('update.noNotes')}</p>
          <Button
            block
            shape="rounded"
            size="large"
            className="brand-button"
            onClick={() => {
              if (latest.url) window.location.href = latest.url;
            }}
          >
            {t('update.updateNow')}
          </Button>
        </div>
      ) : (
        !checking && (
          <div className="update-ok" data-testid="up-to-date">
            <CheckCircleFill className="update-ok__icon" />
            <span>{t('update.upToDate')}</span>
          </div>
        )
      )}
    </PageFrame>
  );
}
