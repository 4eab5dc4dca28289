import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import s from './ui.module.css';

export interface CropPosition {
  zoom: number;
  /** -100…100: percent of the free space left/right and up/down */
  dx: number;
  dy: number;
}

const MOVE = 10;
const ZOOM = 0.1;
const clamp = (v: number, lo: number, hi: number) => Math.round(Math.max(lo, Math.min(hi, v)) * 100) / 100;

/**
 * WCAG 2.5.7 (dragging movements): every change a crop allows by dragging the picture or a slider's handle is
 * also one press of a button: zoom out/in, move left/right/up/down.
 */
export function CropButtons({
  value,
  onChange,
  minZoom = 1,
  maxZoom = 3,
}: {
  value: CropPosition;
  onChange: (next: CropPosition) => void;
  minZoom?: number;
  maxZoom?: number;
}) {
  const { t } = useTranslation();
  const steps: Array<[string, string, Partial<CropPosition>]> = [
    ['zoomOut', t('common:crop.zoomOut'), { zoom: clamp(value.zoom - ZOOM, minZoom, maxZoom) }],
    ['zoomIn', t('common:crop.zoomIn'), { zoom: clamp(value.zoom + ZOOM, minZoom, maxZoom) }],
    ['left', t('common:crop.left'), { dx: clamp(value.dx - MOVE, -100, 100) }],
    ['right', t('common:crop.right'), { dx: clamp(value.dx + MOVE, -100, 100) }],
    ['up', t('common:crop.up'), { dy: clamp(value.dy - MOVE, -100, 100) }],
    ['down', t('common:crop.down'), { dy: clamp(value.dy + MOVE, -100, 100) }],
  ];
  return (
    <div role="group" aria-label={t('common:crop.controls')} className={s.cropButtons}>
      {steps.map(([key, label, change]) => (
        <Button key={key} size="small" autoInsertSpace={false} onClick={() => onChange({ ...value, ...change })}>
          {label}
        </Button>
      ))}
    </div>
  );
}
