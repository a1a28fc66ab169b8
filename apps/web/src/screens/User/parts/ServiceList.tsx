import { APP_VERSION } from '@app/kit';
import { ActionSheet, Badge, Dialog, List } from 'antd-mobile';
import { BellOutline, EditSOutline, GlobalOutline, HistogramOutline, SoundOutline, UpCircleOutline, UserContactOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { currentLang, LANGS, t as translate } from '../../../locale/i18n';
import { loadLanguage } from '../../../locale/languagePack';
import { useLogout } from './useLogout';

/** The list part of the user centre: profile, messages, notices, rank, language, version, logout. */
export function ServiceList({ messageCount, member }: { messageCount: number; member: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();

  const chooseLanguage = () => {
    ActionSheet.show({
      cancelText: t('common.cancel'),
      actions: LANGS.map((lang) => ({ key: lang, text: t(`language.${lang}`), bold: lang === currentLang() })),
      onAction: (action) => {
        const lang = LANGS.find((l) => l === action.key);
        if (!lang) return;
        loadLanguage(lang, { silent: false })
          .then(() => showToast(translate('language.switched'), 'success'))
          .catch(() => undefined);
      },
      closeOnAction: true,
    });
  };

  return (
    <section className="card">
      <div className="card-title">{t('user.sectionService')}</div>
      <List>
        {member && (
          <>
            <List.Item prefix={<UserContactOutline />} onClick={() => navigate(PATHS.userInfo)}>
              {t('info.title')}
            </List.Item>
            <List.Item prefix={<EditSOutline />} onClick={() => navigate(PATHS.userModify)}>
              {t('modify.title')}
            </List.Item>
            <List.Item
              prefix={<BellOutline />}
              extra={messageCount > 0 ? <Badge content={messageCount > 99 ? '99+' : messageCount} /> : null}
              onClick={() => navigate(PATHS.chats)}
            >
              {t('user.messages')}
            </List.Item>
          </>
        )}
        <List.Item prefix={<SoundOutline />} onClick={() => navigate(PATHS.notice)}>
          {t('user.notices')}
        </List.Item>
        <List.Item prefix={<HistogramOutline />} onClick={() => navigate(PATHS.rank)}>
          {t('user.rank')}
        </List.Item>
        <List.Item prefix={<GlobalOutline />} extra={t(`language.${currentLang()}`)} onClick={chooseLanguage}>
          {t('user.language')}
        </List.Item>
        <List.Item prefix={<UpCircleOutline />} extra={`v${APP_VERSION}`} onClick={() => navigate(PATHS.update)}>
          {t('user.version')}
        </List.Item>
      </List>
      <button
        type="button"
        className="logout-button"
        onClick={() =>
          void Dialog.confirm({
            content: t('user.logoutConfirm'),
            confirmText: t('common.confirm'),
            cancelText: t('common.cancel'),
          }).then((ok) => {
            if (ok) void logout();
          })
        }
      >
        {t('common.logout')}
      </button>
    </section>
  );
}
