import { Modal, Slider } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CROP_H, CROP_W } from './model';
import { CropButtons } from '../../ui/CropButtons';
import s from './registration.module.css';

/** Canvas crop to 180×252 (spec 9) without a dependency: zoom and offsets by sliders (keyboard-usable). */
export function AvatarCrop({ file, onDone, onCancel }: { file: File | null; onDone: (blob: Blob) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const [dx, setDx] = useState(0);
  const [dy, setDy] = useState(0);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    const el = new Image();
    el.onload = () => {
      setImg(el);
      setZoom(1);
      setDx(0);
      setDy(0);
    };
    el.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx || !img) return;
    // cover the frame at zoom 1, centred, then shift by the sliders (percent of the free space)
    const base = Math.max(CROP_W / img.width, CROP_H / img.height) * zoom;
    const w = img.width * base;
    const h = img.height * base;
    const x = (CROP_W - w) / 2 + ((w - CROP_W) / 2) * (dx / 100);
    const y = (CROP_H - h) / 2 + ((h - CROP_H) / 2) * (dy / 100);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, CROP_W, CROP_H);
    ctx.drawImage(img, x, y, w, h);
  }, [img, zoom, dx, dy]);

  const ok = () => {
    canvas.current?.toBlob((b) => b && onDone(b), 'image/jpeg', 0.9);
  };

  return (
    <Modal
      open={!!file}
      title={t('registration:dialog.crop')}
      onOk={ok}
      onCancel={onCancel}
      okText={t('registration:actions.confirm')}
      cancelText={t('registration:actions.cancel')}
      destroyOnHidden
    >
      <p className={s.muted}>{t('registration:dialog.cropHint')}</p>
      <canvas ref={canvas} width={CROP_W} height={CROP_H} className={s.cropCanvas} aria-label={t('registration:dialog.crop')} role="img" />
      <CropButtons
        value={{ zoom, dx, dy }}
        onChange={(next) => {
          setZoom(next.zoom);
          setDx(next.dx);
          setDy(next.dy);
        }}
      />
      <label className={s.muted}>
        {t('registration:dialog.zoom')}
        <Slider min={1} max={3} step={0.05} value={zoom} onChange={setZoom} aria-label={t('registration:dialog.zoom')} />
      </label>
      <label className={s.muted}>
        {t('registration:dialog.moveX')}
        <Slider min={-100} max={100} value={dx} onChange={setDx} aria-label={t('registration:dialog.moveX')} />
      </label>
      <label className={s.muted}>
        {t('registration:dialog.moveY')}
        <Slider min={-100} max={100} value={dy} onChange={setDy} aria-label={t('registration:dialog.moveY')} />
      </label>
    </Modal>
  );
}
