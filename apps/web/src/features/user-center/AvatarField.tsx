import { Alert, Avatar, Button, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS } from '@rp/shared/limits';
import type { User } from '../../lib/contract';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { updateProfileMutation, uploadAvatarMutation } from './api';
import { avatarSrc } from '../../ui/avatar';
import { SquareCrop } from './SquareCrop';
import s from './user-center.module.css';

/** Spec 9: avatars up to 5 MB, JPG or PNG (the server checks again, by content). */
export const AVATAR_MAX_BYTES = UPLOAD_LIMITS.accountAvatar;

/** A reason to refuse a picture before it is read, as an i18n key; null when it may be cropped. */
export function checkAvatarFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const typeOk = file.type === 'image/jpeg' || file.type === 'image/png' || (!file.type && /\.(jpe?g|png)$/i.test(file.name));
  if (!typeOk) return 'user:profile.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'user:profile.avatarTooBig';
  return null;
}

/** Choose a picture → crop it to a square → preview → save (POST /api/users/web/avatar); the header follows. */
export function AvatarField({ user }: { user: User }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [cropped, setCropped] = useState<{ blob: Blob; url: string } | null>(null);
  const upload = useMutation(uploadAvatarMutation);
  const removal = useMutation(updateProfileMutation);
  const busy = upload.isPending ? 'save' : removal.isPending ? 'remove' : null;
  const current = avatarSrc(user.avatar);
  const name = user.nickName || user.username;

  // Object URLs live as long as their preview.
  useEffect(() => () => void (cropped && URL.revokeObjectURL(cropped.url)), [cropped]);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after a cancel
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      setImage(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      setError(t('user:profile.avatarUnreadable'));
    };
    img.src = url;
  };

  const fail = (e: unknown) => setError(errorMessage(e, t('errors:client.serverBusy')));

  const save = () => {
    if (!cropped) return;
    setError(null);
    upload.mutate(cropped.blob, {
      onSuccess: () => {
        setCropped(null);
        notify.success(t('user:profile.avatarSaved'));
      },
      onError: fail,
    });
  };

  const remove = () => {
    setError(null);
    removal.mutate({ avatar: null }, { onSuccess: () => notify.success(t('user:profile.avatarRemoved')), onError: fail });
  };

  return (
    <div className={s.avatarField} role="group" aria-labelledby={`${hintId}-label`} aria-describedby={hintId}>
      <p id={`${hintId}-label`} className={s.fieldLabel}>
        {t('user:profile.avatar')}
      </p>
      <div className={s.avatarRow}>
        <figure className={s.avatarFigure}>
          <Avatar size={88} src={current ?? undefined} className={s.avatar} alt={t('user:profile.avatarCurrent')}>
            {current ? null : name.slice(0, 1).toUpperCase()}
          </Avatar>
          <figcaption>{t('user:profile.avatarCurrent')}</figcaption>
        </figure>
        {cropped ? (
          <figure className={s.avatarFigure}>
            <img src={cropped.url} alt={t('user:profile.avatarPreview')} width={88} height={88} className={s.avatarPreview} data-testid="avatar-preview" />
            <figcaption>{t('user:profile.avatarPreview')}</figcaption>
          </figure>
        ) : null}
        <Space wrap className={s.avatarActions}>
          {cropped ? (
            <>
              <Button type="primary" loading={busy === 'save'} onClick={save}>
                {t('user:profile.avatarSave')}
              </Button>
              <Button onClick={() => setCropped(null)} disabled={busy !== null}>
                {t('user:profile.avatarCancel')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => inputRef.current?.click()} disabled={busy !== null}>
                {current ? t('user:profile.avatarChange') : t('user:profile.avatarChoose')}
              </Button>
              {current ? (
                <Button onClick={remove} loading={busy === 'remove'}>
                  {t('user:profile.avatarRemove')}
                </Button>
              ) : null}
            </>
          )}
        </Space>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png,.jpg,.jpeg,.png"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('user:profile.avatarChoose')}
        data-testid="avatar-input"
        onChange={onFile}
      />
      <p id={hintId} className={s.muted}>
        {t('user:profile.avatarHint')}
      </p>
      {error ? <Alert type="error" title={error} showIcon className={s.alert} role="alert" /> : null}
      <SquareCrop
        image={image}
        onCancel={() => setImage(null)}
        onDone={(blob) => {
          setImage(null);
          setCropped({ blob, url: URL.createObjectURL(blob) });
        }}
      />
    </div>
  );
}
