import { Modal, Slider } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CropButtons } from '../../ui/CropButtons';
import s from './user-center.module.css';

/** Side of the cropped square in pixels (the server stores 256 px squares). */
export const CROP_SIZE = 256;

export interface CropState {
  zoom: number;
  /** -100…100: percent of the free space left/right and up/down */
  dx: number;
  dy: number;
}

/** Where the picture lands in the square: cover at zoom 1, centred, then shifted by dx/dy. */
export function cropRect(imgW: number, imgH: number, { zoom, dx, dy }: CropState, size = CROP_SIZE) {
  const scale = Math.max(size / imgW, size / imgH) * zoom;
  const w = imgW * scale;
  const h = imgH * scale;
  return { x: (size - w) / 2 + ((w - size) / 2) * (dx / 100), y: (size - h) / 2 + ((h - size) / 2) * (dy / 100), w, h };
}

const clamp = (v: number) => Math.max(-100, Math.min(100, v));

/**
 * Square crop in a canvas without a dependency (the registration feature's approach, square): drag the
 * picture, or use the sliders and the arrow keys; the result is a JPEG blob of CROP_SIZE².
 */
export function SquareCrop({ image, onDone, onCancel }: { image: HTMLImageElement | null; onDone: (blob: Blob) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  // The dialog mounts its content after opening: draw once the canvas exists, not only when the state changes.
  const [canvasEl, setCanvasEl] = useState<HTMLCanvasElement | null>(null);
  const [state, setState] = useState<CropState>({ zoom: 1, dx: 0, dy: 0 });
  const drag = useRef<{ x: number; y: number; start: CropState } | null>(null);

  useEffect(() => setState({ zoom: 1, dx: 0, dy: 0 }), [image]);

  useEffect(() => {
    const ctx = canvasEl?.getContext('2d');
    if (!ctx || !image) return;
    const r = cropRect(image.naturalWidth, image.naturalHeight, state);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, CROP_SIZE, CROP_SIZE);
    ctx.drawImage(image, r.x, r.y, r.w, r.h);
  }, [image, state, canvasEl]);

  // Dragging moves the picture with the pointer: pixels → percent of the free space on that axis.
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d || !image || !canvas.current) return;
    const ratio = CROP_SIZE / canvas.current.getBoundingClientRect().width;
    const r = cropRect(image.naturalWidth, image.naturalHeight, d.start);
    const freeX = (r.w - CROP_SIZE) / 2;
    const freeY = (r.h - CROP_SIZE) / 2;
    setState({
      ...d.start,
      dx: freeX > 0 ? clamp(d.start.dx + (((e.clientX - d.x) * ratio) / freeX) * 100) : 0,
      dy: freeY > 0 ? clamp(d.start.dy + (((e.clientY - d.y) * ratio) / freeY) * 100) : 0,
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = e.shiftKey ? 20 : 5;
    const moves: Record<string, Partial<CropState>> = {
      ArrowLeft: { dx: clamp(state.dx + step) },
      ArrowRight: { dx: clamp(state.dx - step) },
      ArrowUp: { dy: clamp(state.dy + step) },
      ArrowDown: { dy: clamp(state.dy - step) },
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    setState((prev) => ({ ...prev, ...m }));
  };

  const ok = () => canvas.current?.toBlob((b) => b && onDone(b), 'image/jpeg', 0.9);

  return (
    <Modal
      open={!!image}
      title={t('user:profile.cropTitle')}
      onOk={ok}
      onCancel={onCancel}
      okText={t('user:profile.cropOk')}
      cancelText={t('user:profile.avatarCancel')}
      destroyOnHidden
      width={420}
    >
      <p className={s.muted}>{t('user:profile.cropHint')}</p>
      <canvas
        ref={(el) => {
          canvas.current = el;
          setCanvasEl(el);
        }}
        width={CROP_SIZE}
        height={CROP_SIZE}
        className={s.cropCanvas}
        role="img"
        tabIndex={0}
        aria-label={t('user:profile.cropCanvas')}
        data-testid="avatar-crop"
        onKeyDown={onKeyDown}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          drag.current = { x: e.clientX, y: e.clientY, start: state };
        }}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      />
      <CropButtons value={state} onChange={setState} />
      <div className={s.sliders}>
        <label>
          <span>{t('user:profile.zoom')}</span>
          <Slider min={1} max={3} step={0.05} value={state.zoom} onChange={(zoom) => setState((p) => ({ ...p, zoom }))} aria-label={t('user:profile.zoom')} />
        </label>
        <label>
          <span>{t('user:profile.moveX')}</span>
          <Slider min={-100} max={100} value={state.dx} onChange={(dx) => setState((p) => ({ ...p, dx }))} aria-label={t('user:profile.moveX')} />
        </label>
        <label>
          <span>{t('user:profile.moveY')}</span>
          <Slider min={-100} max={100} value={state.dy} onChange={(dy) => setState((p) => ({ ...p, dy }))} aria-label={t('user:profile.moveY')} />
        </label>
      </div>
    </Modal>
  );
}
