// A profile link's network mark (./profile-marks.ts), drawn in the text's colour; the link names it.
export function ProfileIcon({ icon, className }: { icon: readonly string[]; className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {icon.map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}
