import s from './ui.module.css';

/**
 * A form's message region. Always rendered (empty when there is nothing to say) so that screen
 * readers announce the text when it appears.
 */
export function FormAlert({ message, tone = 'error', id }: { message?: string | null; tone?: 'error' | 'info'; id?: string }) {
  return (
    <div id={id} role={tone === 'error' ? 'alert' : 'status'} className={`${s.alert} ${tone === 'info' ? s.alertInfo : ''}`}>
      {message || null}
    </div>
  );
}
