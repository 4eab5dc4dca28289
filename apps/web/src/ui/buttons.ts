import s from './ui.module.css';

/** Class names for buttons and button-looking links. */
export const btn = {
  primary: `${s.btn} ${s.primary}`,
  accent: `${s.btn} ${s.accent}`,
  secondary: `${s.btn} ${s.secondary}`,
  ghostLight: `${s.btn} ${s.ghostLight}`,
  block: s.block,
};
