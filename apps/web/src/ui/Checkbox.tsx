import type { InputHTMLAttributes } from 'react';
import s from './ui.module.css';

export function Checkbox({ label, ...input }: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={s.checkbox}>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  );
}
