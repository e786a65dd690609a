// The firm's mark and name, linking home.
import { Link } from "react-router";
import { cn } from "~/ui/cn";

export function SiteLogo({ name, inverse = false }: { name: string; inverse?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2.5 rounded-md" aria-label={`${name}, home`}>
      <svg viewBox="0 0 32 32" className="size-9 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={inverse ? "#ffffff" : "#0b1b36"} />
        <path
          d="M9 20.5 16 9l7 11.5"
          fill="none"
          stroke="#2dd4bf"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path
          d="M11.5 23h9"
          stroke={inverse ? "#1d4ed8" : "#60a5fa"}
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span
        className={cn("text-lg font-bold tracking-tight", inverse ? "text-white" : "text-navy")}
      >
        {name}
      </span>
    </Link>
  );
}
