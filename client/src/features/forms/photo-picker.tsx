/**
 * The trade-in's pictures: add (at most 6, each at most 10 MB, pictures only, told by content), see thumbnails,
 * remove. A refused file is named with the reason; the pictures already added and everything typed stay.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { PHOTO_MAX_COUNT } from '@shop/shared/forms/image-type';
import { checkPhotos, preparePhoto, thumbnailOf, type PhotoRefusal, type PickedPhoto } from './photo-resize.ts';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

function Thumbnail({ photo }: { photo: PickedPhoto }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    thumbnailOf(photo.blob).then(
      (made) => live && setSrc(made),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [photo.blob]);
  // A picture the browser cannot show (HEIC outside Safari) keeps an empty frame with its name below.
  return src ? <img className="photo-picker__thumb" src={src} alt="" /> : <span className="photo-picker__thumb" aria-hidden="true" />;
}

export function PhotoPicker({ photos, onChange, error }: { photos: readonly PickedPhoto[]; onChange: (photos: PickedPhoto[]) => void; error?: string | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  const [refusals, setRefusals] = useState<PhotoRefusal[]>([]);
  const [preparing, setPreparing] = useState(false);
  const full = photos.length >= PHOTO_MAX_COUNT;

  const add = async (files: File[]) => {
    const { accepted, refusals: refused } = await checkPhotos(files, photos.length);
    setRefusals(refused);
    if (accepted.length === 0) return;
    setPreparing(true);
    try {
      const prepared = await Promise.all(accepted.map(({ file, type }) => preparePhoto(file, type)));
      onChange([...photos, ...prepared]);
    } finally {
      setPreparing(false);
    }
  };

  const messages = [...refusals.map((refusal) => t(`validation.${refusal.key}`, { ns: 'forms', name: 'name' in refusal ? refusal.name : '' })), ...(error ? [error] : [])];
  const described = [`${id}-hint`, messages.length ? `${id}-errors` : null].filter(Boolean).join(' ');

  return (
    <fieldset className="forms-section photo-picker" aria-describedby={described}>
      <legend className="forms-section__title">{t('tradeIn.photos', { ns: 'forms' })}</legend>
      <p id={`${id}-hint`} className="form-field__hint">
        {t('tradeIn.photosHint', { ns: 'forms' })}
      </p>
      {photos.length > 0 ? (
        <ul className="photo-picker__list" aria-label={t('tradeIn.photoCount', { ns: 'forms', count: photos.length })}>
          {photos.map((photo) => (
            <li key={photo.id} className="photo-picker__item">
              <Thumbnail photo={photo} />
              <span className="photo-picker__name">{photo.name}</span>
              <button
                type="button"
                className="photo-picker__remove"
                aria-label={t('tradeIn.removePhoto', { ns: 'forms', name: photo.name })}
                onClick={() => {
                  setRefusals([]);
                  onChange(photos.filter((other) => other.id !== photo.id));
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        className="visually-hidden photo-picker__input"
        type="file"
        name="photos"
        accept={ACCEPT}
        multiple
        disabled={full || preparing}
        aria-describedby={described}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file may be picked again after it was removed.
          event.target.value = '';
          void add(files);
        }}
      />
      <label htmlFor={id} className={`button button--secondary photo-picker__add${full || preparing ? ' button--disabled' : ''}`} aria-disabled={full || preparing || undefined}>
        {preparing ? t('tradeIn.preparingPhotos', { ns: 'forms' }) : t('tradeIn.addPhotos', { ns: 'forms' })}
      </label>
      <p className="form-field__hint" aria-live="polite">
        {t('tradeIn.photoCount', { ns: 'forms', count: photos.length })}
      </p>
      {messages.length ? (
        <ul id={`${id}-errors`} className="photo-picker__errors" role="alert">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
