import { Button, Toast } from 'antd-mobile';
import { LocationFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { formatCoords } from './cities';
import './location.css';

/**
 * Show a location (/pages/system/openLocation?name=&lat=&lng=): the place's name, its coordinates on a
 * drawn map card, and a geo: link that hands them to the user's own map app. No map service needed.
 */
export default function OpenLocation() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const name = params.get('name') ?? '';
  const lat = Number(params.get('lat'));
  const lng = Number(params.get('lng'));
  const valid = params.has('lat') && params.has('lng') && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  if (!valid) {
    return (
      <PageFrame title={t('page.openLocation')} className="loc-page">
        <EmptyState icon={<LocationFill />} title={t('forum.place.invalid')} />
      </PageFrame>
    );
  }
  const geo = `geo:${lat},${lng}?q=${lat},${lng}(${encodeURIComponent(name)})`;
  const coords = formatCoords(lat, lng);
  return (
    <PageFrame title={t('page.openLocation')} className="loc-page">
      <div className="loc-map" aria-hidden>
        <div className="loc-map__grid" />
        <div className="loc-map__road loc-map__road--h" />
        <div className="loc-map__road loc-map__road--v" />
        <div className="loc-map__pin">
          <LocationFill />
        </div>
        <div className="loc-map__pulse" />
      </div>
      <section className="loc-card" data-testid="place-card">
        <h2 className="loc-card__name">{name || t('forum.place.unnamed')}</h2>
        <p className="loc-card__coords" data-testid="place-coords">
          {coords}
        </p>
        <a className="loc-card__open" href={geo} data-testid="place-open">
          {t('forum.place.openInMaps')}
        </a>
        <Button
          className="loc-card__copy"
          fill="outline"
          shape="rounded"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(`${lat},${lng}`)
              .then(() => Toast.show({ icon: 'success', content: t('forum.place.copied') }))
              .catch(() => Toast.show(`${lat},${lng}`))
          }
        >
          {t('forum.place.copy')}
        </Button>
      </section>
    </PageFrame>
  );
}
