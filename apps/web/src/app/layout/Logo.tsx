/** The brand mark (decorative; the link around it carries the name). */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" width="40" height="40" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1f4e9c" />
      <rect x="30" y="6" width="4" height="10" fill="#fff" />
      <circle cx="32" cy="7" r="4" fill="#f59e0b" />
      <rect x="12" y="16" width="40" height="34" rx="10" fill="#fff" />
      <circle cx="24" cy="31" r="5" fill="#1f4e9c" />
      <circle cx="40" cy="31" r="5" fill="#1f4e9c" />
      <rect x="22" y="41" width="20" height="4" rx="2" fill="#f59e0b" />
    </svg>
  );
}
